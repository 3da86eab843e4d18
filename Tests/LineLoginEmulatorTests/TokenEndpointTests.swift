#if Emulator
import Foundation
import LineLoginEmulator
import Testing

@Suite("Token endpoint")
struct TokenEndpointTests {
    @Test func codeExchangeWithPKCEReturnsAnHS256IDToken() async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            let code = try await harness.code(
                pkce: pkce,
                email: "cony@example.com",
                password: "cony",
                extra: [("nonce", "n-0S6_WzA2Mj")]
            )
            let result = try await harness.exchange(code: code, pkce: pkce)
            #expect(result.status == 200, "\(result.text)")
            #expect(result.headers["cache-control"] == "no-store")
            #expect(result.headers["x-line-request-id"] != nil)
            #expect(result.string("token_type") == "Bearer")
            #expect(result.int("expires_in") == 2_592_000)
            #expect(result.string("scope") == "profile openid")
            #expect((result.string("access_token")?.count ?? 0) >= 100)
            #expect(result.string("refresh_token")?.isEmpty == false)

            let idToken = try #require(result.string("id_token"))
            let jwt = try #require(JWT(idToken))
            #expect(jwt.header["alg"] == .string("HS256"))
            #expect(jwt.header["typ"] == .string("JWT"))
            #expect(jwt.header["kid"] == nil)
            #expect(jwt.verifiesHS256(secret: harness.secret))
            #expect(!jwt.verifiesHS256(secret: "wrong"))
            #expect(jwt.claims["iss"] == .string(harness.baseURL.absoluteString))
            #expect(jwt.claims["sub"] == .string(EmulatorHarness.conyID))
            #expect(jwt.claims["aud"] == .string(EmulatorHarness.channelID))
            #expect(jwt.claims["nonce"] == .string("n-0S6_WzA2Mj"))
            #expect(jwt.claims["amr"] == .array([.string("pwd")]))
            #expect(jwt.claims["name"] == .string("Cony"))
            #expect(jwt.claims["picture"]?.string?.hasPrefix("https://profile.line-scdn.net/") == true)
            #expect(jwt.claims["email"] == .string("cony@example.com"))
            #expect(jwt.claims["auth_time"] == nil)
            let iat = try #require(jwt.claims["iat"]?.int)
            #expect(jwt.claims["exp"]?.int == iat + 3600)
            #expect(abs(Double(iat) - Date().timeIntervalSince1970) < 60)
        }
    }

    @Test func jwkKeyTypeGivesAnES256TokenVerifiableWithTheJWKS() async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            let code = try await harness.code(pkce: pkce, extra: [("max_age", "300")])
            let result = try await harness.exchange(code: code, pkce: pkce, extra: [("id_token_key_type", "JWK")])
            let jwt = try JWT.idToken(in: result)
            #expect(jwt.header["alg"] == .string("ES256"))
            #expect(jwt.header["typ"] == .string("JWT"))
            #expect(jwt.signature.count == 64)
            let kid = try #require(jwt.header["kid"]?.string)
            #expect(kid == harness.emulator.currentKeyID)
            let key = try #require(try await harness.jwks()[kid])
            #expect(jwt.verifiesES256(x: key["x"]?.string ?? "", y: key["y"]?.string ?? ""))
            #expect(!jwt.verifiesHS256(secret: harness.secret))
            #expect(jwt.claims["auth_time"]?.int != nil)
            #expect(jwt.claims["sub"] == .string(EmulatorHarness.brownID))
        }
    }

    @Test func nativeAppChannelsAlwaysGetES256() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.channels[0].nativeApp = true
        configuration.channels[0].emailPermission = false
        try await EmulatorHarness.with(configuration) { harness in
            let token = try await harness.login()
            let jwt = try JWT.idToken(in: token)
            #expect(jwt.header["alg"] == .string("ES256"))
            #expect(jwt.claims["email"] == nil, "no email permission")
        }
    }

    @Test func scopesDecideTheIDTokenAndItsClaims() async throws {
        try await EmulatorHarness.with { harness in
            let profileOnly = try await harness.login(scope: "profile")
            #expect(profileOnly.string("id_token") == nil)
            #expect(profileOnly.string("scope") == "profile")

            let openidOnly = try await harness.login(scope: "openid")
            let jwt = try JWT.idToken(in: openidOnly)
            #expect(jwt.claims["name"] == nil)
            #expect(jwt.claims["picture"] == nil)
            #expect(jwt.claims["email"] == nil)
            #expect(jwt.claims["nonce"] == nil)
        }
    }

    @Test func aCodeWorksOnceEvenWhenTheFirstExchangeFails() async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            let code = try await harness.code(pkce: pkce)
            let first = try await harness.exchange(code: code, pkce: pkce)
            #expect(first.status == 200)
            let replay = try await harness.exchange(code: code, pkce: pkce)
            #expect(replay.status == 400)
            #expect(replay.string("error") == "invalid_grant")

            let other = try await harness.code(pkce: pkce)
            let wrongVerifier = try await harness.exchange(code: other, pkce: PKCE())
            #expect(wrongVerifier.status == 400)
            #expect(wrongVerifier.string("error") == "invalid_grant")
            let retry = try await harness.exchange(code: other, pkce: pkce)
            #expect(retry.status == 400)
            #expect(retry.string("error") == "invalid_grant")

            // A wrong client_secret burns it too, as a wrong redirect_uri does.
            let guessed = try await harness.code(pkce: pkce)
            #expect(try await harness.exchange(code: guessed, pkce: pkce, secret: "guess").status == 401)
            #expect(try await harness.exchange(code: guessed, pkce: pkce, secret: harness.secret).string("error") == "invalid_grant")
            let misdirected = try await harness.code(pkce: pkce)
            _ = try await harness.exchange(code: misdirected, pkce: pkce, redirectURI: "http://127.0.0.1:49153/callback")
            #expect(try await harness.exchange(code: misdirected, pkce: pkce).string("error") == "invalid_grant")
        }
    }

    @Test func redirectURIMustBeIdentical() async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            let code = try await harness.code(pkce: pkce)
            let result = try await harness.exchange(code: code, pkce: pkce, redirectURI: "http://127.0.0.1:49153/callback")
            #expect(result.status == 400)
            #expect(result.string("error") == "invalid_grant")
        }
    }

    @Test func verifierRules() async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            let missing = try await harness.exchange(code: try await harness.code(pkce: pkce), pkce: nil)
            #expect(missing.string("error") == "invalid_grant")
            let short = PKCE(verifier: String(repeating: "a", count: 42))
            let tooShort = try await harness.exchange(code: try await harness.code(pkce: short), pkce: short)
            #expect(tooShort.string("error") == "invalid_grant")
            let exact = PKCE(verifier: String(repeating: "a", count: 43))
            let ok = try await harness.exchange(code: try await harness.code(pkce: exact), pkce: exact)
            #expect(ok.status == 200)
            let long = PKCE(verifier: String(repeating: "b", count: 128))
            #expect(try await harness.exchange(code: try await harness.code(pkce: long), pkce: long).status == 200)
        }
    }

    @Test func clientAuthentication() async throws {
        try await EmulatorHarness.with { harness in
            // Without PKCE the secret is required.
            let noPKCE = try await harness.code(pkce: nil)
            let unauthenticated = try await harness.exchange(code: noPKCE, pkce: nil)
            #expect(unauthenticated.status == 401)
            #expect(unauthenticated.string("error") == "invalid_client")

            let withSecret = try await harness.exchange(code: try await harness.code(pkce: nil), pkce: nil, secret: harness.secret)
            #expect(withSecret.status == 200)

            let pkce = PKCE()
            let wrongSecret = try await harness.exchange(code: try await harness.code(pkce: pkce), pkce: pkce, secret: "nope")
            #expect(wrongSecret.status == 401)
            #expect(wrongSecret.string("error") == "invalid_client")

            let both = try await harness.exchange(code: try await harness.code(pkce: pkce), pkce: pkce, secret: harness.secret)
            #expect(both.status == 200)

            let unknownClient = try await harness.client.postForm(
                "/oauth2/v2.1/token",
                [("grant_type", "authorization_code"), ("code", "x"), ("redirect_uri", harness.redirectURI), ("client_id", "1")]
            )
            #expect(unknownClient.status == 401)
            #expect(unknownClient.string("error") == "invalid_client")
        }
    }

    @Test func verifierWithoutChallengeIsRejected() async throws {
        try await EmulatorHarness.with { harness in
            let code = try await harness.code(pkce: nil)
            let result = try await harness.exchange(code: code, pkce: PKCE(), secret: harness.secret)
            #expect(result.status == 400)
            #expect(result.string("error") == "invalid_grant")
        }
    }

    @Test func codesExpireAfterTenMinutes() async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            let code = try await harness.code(pkce: pkce)
            #expect(harness.emulator.stats.activeCodes == 1)
            harness.emulator.advanceClock(by: 601)
            #expect(harness.emulator.stats.activeCodes == 0)
            let result = try await harness.exchange(code: code, pkce: pkce)
            #expect(result.string("error") == "invalid_grant")
        }
    }
}
#endif
