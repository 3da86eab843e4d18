#if Emulator
import Foundation
import LineLoginEmulator
import Testing

@Suite("Discovery and JWKS")
struct DiscoveryTests {
    @Test func discoveryDocumentPointsAtTheEmulator() async throws {
        try await EmulatorHarness.with { harness in
            let result = try await harness.client.get("/.well-known/openid-configuration")
            #expect(result.status == 200)
            #expect(result.headers["x-line-request-id"]?.isEmpty == false)
            #expect(result.headers["content-type"]?.hasPrefix("application/json") == true)
            let base = harness.baseURL.absoluteString
            #expect(!base.hasSuffix("/"))
            #expect(harness.emulator.baseURL == harness.baseURL)
            #expect(result.string("issuer") == base)
            #expect(result.string("authorization_endpoint") == base + "/oauth2/v2.1/authorize")
            #expect(result.string("token_endpoint") == base + "/oauth2/v2.1/token")
            #expect(result.string("userinfo_endpoint") == base + "/oauth2/v2.1/userinfo")
            #expect(result.string("jwks_uri") == base + "/oauth2/v2.1/certs")
            #expect(result.string("revocation_endpoint") == base + "/oauth2/v2.1/revoke")
            #expect(result.json["response_types_supported"] == .array([.string("code")]))
            #expect(result.json["subject_types_supported"] == .array([.string("pairwise")]))
            #expect(result.json["id_token_signing_alg_values_supported"] == .array([.string("ES256")]))
            #expect(result.json["code_challenge_methods_supported"] == .array([.string("S256")]))
            let scopes = Set((result.json["scopes_supported"]?.array ?? []).compactMap(\.string))
            #expect(scopes == ["openid", "profile", "email"])
            #expect(result.json["end_session_endpoint"] == nil)
        }
    }

    @Test func jwksPublishesTheCurrentP256Key() async throws {
        try await EmulatorHarness.with { harness in
            let result = try await harness.client.get("/oauth2/v2.1/certs")
            #expect(result.status == 200)
            let keys = result.json["keys"]?.array ?? []
            #expect(keys.count == 1)
            let key = try #require(keys.first?.object)
            #expect(key["kty"] == .string("EC"))
            #expect(key["crv"] == .string("P-256"))
            #expect(key["alg"] == .string("ES256"))
            #expect(key["use"] == .string("sig"))
            #expect(key["kid"]?.string == harness.emulator.currentKeyID)
            #expect(TestBase64URL.decode(key["x"]?.string ?? "")?.count == 32)
            #expect(TestBase64URL.decode(key["y"]?.string ?? "")?.count == 32)
            #expect(Set(key.keys) == ["kty", "crv", "x", "y", "kid", "alg", "use"])
        }
    }
}
#endif
