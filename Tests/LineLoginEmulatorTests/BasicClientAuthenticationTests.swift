#if Emulator
import Foundation
import LineLoginEmulator
import Testing

/// RFC 6749 §2.3.1 over real HTTP: a client that sends its secret only in `Authorization: Basic` (the
/// default of openid-client/Auth.js and mod_auth_openidc) exchanges codes, refreshes and revokes as one
/// that sends it in the body; mixed and malformed credentials are refused with the right status.
@Suite("Client authentication with HTTP Basic")
struct BasicClientAuthenticationTests {
    static let webOnly: EmulatorConfiguration = {
        var configuration = EmulatorConfiguration.default
        configuration.channels[0].webOnly = true
        return configuration
    }()

    static func basic(_ user: String, _ password: String) -> [String: String] {
        ["Authorization": "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()]
    }

    /// A code exchange without `client_id` or `client_secret` in the body.
    static func exchange(_ harness: EmulatorHarness, code: String, pkce: PKCE?, headers: [String: String], extra: [(String, String)] = [])
        async throws -> HTTPResult
    {
        var form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", harness.redirectURI)]
        if let pkce { form.append(("code_verifier", pkce.verifier)) }
        return try await Self.post(harness, "/oauth2/v2.1/token", form + extra, headers: headers)
    }

    /// A form POST over a raw socket: URLSession on Linux treats `Authorization` and a `Basic` challenge
    /// itself (a request with them never completed there).
    static func post(_ harness: EmulatorHarness, _ path: String, _ form: [(String, String)], headers: [String: String]) async throws
        -> HTTPResult
    {
        let port = try #require(harness.baseURL.port)
        return try #require(await RawRequest.postForm(port: port, path, form: form, headers: headers), "no answer to \(path)")
    }

    @Test func basicAloneDoesTheWholeLifeOfAWebOnlyLogin() async throws {
        try await EmulatorHarness.with(Self.webOnly) { harness in
            let basic = Self.basic(EmulatorHarness.channelID, harness.secret)
            // No PKCE: the secret is what authenticates the exchange, and it is only in the header.
            let tokens = try await Self.exchange(harness, code: try await harness.code(pkce: nil), pkce: nil, headers: basic)
            #expect(tokens.status == 200, "\(tokens.text)")
            let jwt = try JWT.idToken(in: tokens)
            #expect(jwt.verifiesHS256(secret: harness.secret))
            let refreshToken = try #require(tokens.string("refresh_token"))

            let refreshed = try await Self.post(
                harness,
                "/oauth2/v2.1/token", [("grant_type", "refresh_token"), ("refresh_token", refreshToken)], headers: basic)
            #expect(refreshed.status == 200, "\(refreshed.text)")
            let accessToken = try #require(refreshed.string("access_token"))

            let revoked = try await Self.post(harness, "/oauth2/v2.1/revoke", [("access_token", accessToken)], headers: basic)
            #expect(revoked.status == 200, "\(revoked.text)")
            #expect(try await harness.client.get("/oauth2/v2.1/verify", query: [("access_token", accessToken)]).status == 400)
        }
    }

    @Test func aMatchingClientIDInTheBodyIsFine() async throws {
        try await EmulatorHarness.with { harness in
            let basic = Self.basic(EmulatorHarness.channelID, harness.secret)
            let tokens = try await Self.exchange(
                harness, code: try await harness.code(pkce: nil), pkce: nil, headers: basic,
                extra: [("client_id", EmulatorHarness.channelID)])
            #expect(tokens.status == 200, "\(tokens.text)")
        }
    }

    @Test func withoutPKCEBasicMustCarryTheSecret() async throws {
        try await EmulatorHarness.with { harness in
            // `id:` is no secret: a public client can't exchange a code that had no PKCE.
            let result = try await Self.exchange(
                harness, code: try await harness.code(pkce: nil), pkce: nil, headers: Self.basic(EmulatorHarness.channelID, ""))
            #expect(result.status == 401)
            #expect(result.string("error") == "invalid_client")
            #expect(result.headers["www-authenticate"]?.hasPrefix("Basic ") == true)
        }
    }

    @Test func aWebOnlyChannelRefusesBasicWithoutTheSecretOnRefreshAndRevoke() async throws {
        try await EmulatorHarness.with(Self.webOnly) { harness in
            let pkce = PKCE()
            let tokens = try await harness.exchange(code: try await harness.code(pkce: pkce), pkce: pkce, secret: harness.secret)
            let refreshToken = try #require(tokens.string("refresh_token"))
            let accessToken = try #require(tokens.string("access_token"))
            let noSecret = Self.basic(EmulatorHarness.channelID, "")
            let refresh = try await Self.post(
                harness,
                "/oauth2/v2.1/token", [("grant_type", "refresh_token"), ("refresh_token", refreshToken)], headers: noSecret)
            #expect(refresh.status == 401 && refresh.string("error") == "invalid_client")
            let revoke = try await Self.post(harness, "/oauth2/v2.1/revoke", [("access_token", accessToken)], headers: noSecret)
            #expect(revoke.status == 401 && revoke.string("error") == "invalid_client")
            #expect(try await harness.client.get("/oauth2/v2.1/verify", query: [("access_token", accessToken)]).status == 200)
        }
    }

    @Test func aWrongSecretOrClientInBasicIs401WithABasicChallenge() async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            for headers in [Self.basic(EmulatorHarness.channelID, "wrong"), Self.basic("1111111111", harness.secret)] {
                let result = try await Self.exchange(harness, code: try await harness.code(pkce: pkce), pkce: pkce, headers: headers)
                #expect(result.status == 401)
                #expect(result.string("error") == "invalid_client")
                #expect(result.headers["www-authenticate"]?.hasPrefix("Basic realm=") == true)
            }
            // A body client gets no Basic challenge.
            let body = try await harness.exchange(code: try await harness.code(pkce: pkce), pkce: pkce, secret: "wrong")
            #expect(body.status == 401 && body.headers["www-authenticate"] == nil)
        }
    }

    @Test(arguments: ["Basic", "Basic !!!!", "Basic bm8tY29sb24=", "Basic OnNlY3JldA==", "Basic MTIzNDU2Nzg5MDolenp6"])
    func malformedBasicIs401NeverA500(_ header: String) async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            let code = try await harness.code(pkce: pkce)
            let headers = ["Authorization": header]
            let exchange = try await Self.exchange(
                harness, code: code, pkce: pkce, headers: headers, extra: [("client_id", EmulatorHarness.channelID)])
            let refresh = try await Self.post(
                harness,
                "/oauth2/v2.1/token", [("grant_type", "refresh_token"), ("refresh_token", "x"), ("client_id", EmulatorHarness.channelID)],
                headers: headers)
            let revoke = try await Self.post(
                harness,
                "/oauth2/v2.1/revoke", [("access_token", "x"), ("client_id", EmulatorHarness.channelID)], headers: headers)
            for result in [exchange, refresh, revoke] {
                #expect(result.status == 401, "\(header): \(result.text)")
                #expect(result.string("error") == "invalid_client")
                #expect(result.headers["www-authenticate"]?.hasPrefix("Basic realm=") == true)
            }
        }
    }

    @Test func mixedCredentialsAreAnInvalidRequest() async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            let basic = Self.basic(EmulatorHarness.channelID, harness.secret)
            let bothWays = try await Self.exchange(
                harness, code: try await harness.code(pkce: pkce), pkce: pkce, headers: basic, extra: [("client_secret", harness.secret)])
            let otherClient = try await Self.exchange(
                harness, code: try await harness.code(pkce: pkce), pkce: pkce, headers: basic, extra: [("client_id", "1111111111")])
            let revoke = try await Self.post(
                harness,
                "/oauth2/v2.1/revoke", [("access_token", "x"), ("client_secret", harness.secret)], headers: basic)
            let refresh = try await Self.post(
                harness,
                "/oauth2/v2.1/token", [("grant_type", "refresh_token"), ("refresh_token", "x"), ("client_id", "1111111111")],
                headers: basic)
            for result in [bothWays, otherClient, revoke, refresh] {
                #expect(result.status == 400, "\(result.text)")
                #expect(result.string("error") == "invalid_request")
            }
        }
    }

    @Test func noClientByEitherMeansIsClientIDRequired() async throws {
        try await EmulatorHarness.with { harness in
            let result = try await Self.post(
                harness,
                "/oauth2/v2.1/token", [("grant_type", "refresh_token"), ("refresh_token", "x")], headers: ["Authorization": "Bearer x"])
            #expect(result.status == 400)
            #expect(result.text == #"{"error":"invalid_request","error_description":"client_id is required"}"#)
        }
    }
}
#endif
