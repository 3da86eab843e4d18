#if Emulator
import Foundation
import LineLoginEmulator
import Testing

/// `--issuer` / ``EmulatorConfiguration/issuer``: ID tokens, discovery and verify carry the given issuer
/// while every endpoint stays at the emulator's own URL.
@Suite("Issuer")
struct IssuerTests {
    static let lineIssuer = "https://access.line.me"

    static var withLINEIssuer: EmulatorConfiguration {
        var configuration = EmulatorConfiguration.default
        configuration.issuer = lineIssuer
        return configuration
    }

    @Test func discoveryNamesTheIssuerAndKeepsTheEndpointsHere() async throws {
        try await EmulatorHarness.with(Self.withLINEIssuer) { harness in
            let result = try await harness.client.get("/.well-known/openid-configuration")
            #expect(result.status == 200)
            let base = harness.baseURL.absoluteString
            #expect(result.string("issuer") == Self.lineIssuer)
            #expect(harness.emulator.issuer == Self.lineIssuer)
            #expect(harness.emulator.baseURL == harness.baseURL)
            #expect(result.string("authorization_endpoint") == base + "/oauth2/v2.1/authorize")
            #expect(result.string("token_endpoint") == base + "/oauth2/v2.1/token")
            #expect(result.string("userinfo_endpoint") == base + "/oauth2/v2.1/userinfo")
            #expect(result.string("jwks_uri") == base + "/oauth2/v2.1/certs")
            #expect(result.string("revocation_endpoint") == base + "/oauth2/v2.1/revoke")
        }
    }

    @Test func withoutOneTheBaseURLIsTheIssuer() async throws {
        try await EmulatorHarness.with { harness in
            #expect(harness.emulator.issuer == harness.baseURL.absoluteString)
            let idToken = try JWT.idToken(in: try await harness.login())
            #expect(idToken.claims["iss"] == .string(harness.baseURL.absoluteString))
        }
    }

    @Test func idTokensCarryTheIssuerAndVerifyExpectsIt() async throws {
        try await EmulatorHarness.with(Self.withLINEIssuer) { harness in
            let pkce = PKCE()
            let code = try await harness.code(pkce: pkce, extra: [("nonce", "n-1")])
            let exchanged = try await harness.exchange(code: code, pkce: pkce, extra: [("id_token_key_type", "JWK")])
            #expect(exchanged.status == 200)
            let token = try #require(exchanged.string("id_token"))
            let idToken = try #require(JWT(token))
            #expect(idToken.claims["iss"] == .string(Self.lineIssuer))
            // Signed with the key the emulator publishes at its own jwks_uri.
            let kid = try #require(idToken.header["kid"]?.string)
            let key = try #require(try await harness.jwks()[kid])
            #expect(idToken.verifiesES256(x: key["x"]?.string ?? "", y: key["y"]?.string ?? ""))

            let channel = ("client_id", EmulatorHarness.channelID)
            let verified = try await harness.client.postForm("/oauth2/v2.1/verify", [("id_token", token), channel, ("nonce", "n-1")])
            #expect(verified.status == 200, "\(verified.text)")
            #expect(verified.string("iss") == Self.lineIssuer)

            // The emulator's own URL is now someone else's issuer: refused as LINE refuses a wrong one.
            let now = Int(Date().timeIntervalSince1970)
            let ownURL = JWT.hs256(
                [
                    "iss": harness.baseURL.absoluteString, "sub": EmulatorHarness.brownID, "aud": EmulatorHarness.channelID,
                    "exp": now + 600, "iat": now,
                ],
                secret: harness.secret)
            let refused = try await harness.client.postForm("/oauth2/v2.1/verify", [("id_token", ownURL), channel])
            #expect(refused.status == 400)
            #expect(refused.string("error_description") == "Invalid IdToken Issuer.")
            let lineSigned = JWT.hs256(
                [
                    "iss": Self.lineIssuer, "sub": EmulatorHarness.brownID, "aud": EmulatorHarness.channelID,
                    "exp": now + 600, "iat": now,
                ],
                secret: harness.secret)
            let accepted = try await harness.client.postForm("/oauth2/v2.1/verify", [("id_token", lineSigned), channel])
            #expect(accepted.status == 200, "\(accepted.text)")
        }
    }

    @Test func theConfigurationFileSetsIt() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-\(UUID().uuidString).json")
        try Data(#"{"issuer": "https://access.line.me"}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let configuration = try EmulatorConfiguration(contentsOf: url)
        #expect(configuration.issuer == Self.lineIssuer)
        #expect(EmulatorConfiguration.default.issuer == nil)
        let roundTrip = try JSONDecoder().decode(EmulatorConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(roundTrip.issuer == Self.lineIssuer)
    }

    @Test(arguments: [
        "access.line.me", "/relative", "ftp://access.line.me", "https://", "https://access.line.me?x=1",
        "https://access.line.me#f", "https://user@access.line.me", "https://access.line.me/\u{1B}[31m", "",
    ])
    func anUnusableIssuerIsRefused(issuer: String) throws {
        #expect(!EmulatorConfiguration.isIssuer(issuer))
        var configuration = EmulatorConfiguration.default
        configuration.issuer = issuer
        #expect(throws: EmulatorConfigurationError.invalidIssuer(issuer)) { try configuration.validate() }
    }

    @Test(arguments: ["https://access.line.me", "http://127.0.0.1:8400", "https://login.example.com/tenant/1"])
    func aUsableIssuerIsAccepted(issuer: String) throws {
        #expect(EmulatorConfiguration.isIssuer(issuer))
        var configuration = EmulatorConfiguration.default
        configuration.issuer = issuer
        try configuration.validate()
    }
}
#endif
