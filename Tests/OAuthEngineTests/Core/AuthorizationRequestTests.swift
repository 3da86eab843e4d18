@testable import ClientTestSupport
import Crypto
import Foundation
@testable import OAuthEngine
import Testing

/// The authorization request: fresh, independent CSPRNG `state`/verifier/nonce, S256 PKCE, and
/// reserved parameters that the app can't override.
@Suite struct AuthorizationRequestTests {
    static let scopes = ["openid", "profile"]

    static func request(
        nonce: String? = nil, generateNonce: Bool = true, usePKCE: Bool = true,
        additional: [(String, String)] = [], random: any RandomSource = SystemRandomSource(),
        endpoint: URL = CoreFixtures.authorizationEndpoint
    ) -> AuthorizationRequest {
        AuthorizationRequest(
            endpoint: endpoint, clientID: CoreFixtures.clientID, redirectURI: CoreFixtures.redirectURI,
            scopes: scopes, usePKCE: usePKCE, nonce: nonce, generateNonce: generateNonce,
            additionalParameters: additional, random: random)
    }

    /// 43 characters of the base64url alphabet: 32 bytes, unpadded, unreserved characters only.
    static func isBase64URL43(_ value: String?) -> Bool {
        guard let value, value.count == 43 else { return false }
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return value.allSatisfy(alphabet.contains) && Base64URL.decode(value)?.count == 32
    }

    @Test func stateAndVerifierAre43CharacterBase64URL() throws {
        let request = Self.request()
        let pkce = try #require(request.pkce)
        #expect(Self.isBase64URL43(request.state))
        #expect(Self.isBase64URL43(pkce.verifier))
        #expect(Self.isBase64URL43(request.nonce))
        #expect(request.state != pkce.verifier)
        #expect(request.state != request.nonce)
        #expect(pkce.verifier != request.nonce)
    }

    @Test func secretsAreFreshPerRequest() throws {
        let requests = (0..<20).map { _ in Self.request() }
        #expect(Set(requests.map(\.state)).count == 20)
        #expect(Set(requests.compactMap(\.pkce?.verifier)).count == 20)
        #expect(Set(requests.compactMap(\.nonce)).count == 20)
    }

    @Test func stateNonceAndVerifierComeFromSeparateRandomDraws() throws {
        // Each is its own 32-byte draw, so none is derived from another.
        let random = CountingRandom()
        let request = Self.request(random: random)
        #expect(random.callCount == 3)
        #expect(Base64URL.decode(request.state) == (1...32).map { UInt8($0) })
        #expect(Set([request.state, request.nonce ?? "", request.pkce?.verifier ?? ""]).count == 3)

        let withoutNonce = CountingRandom()
        _ = Self.request(generateNonce: false, random: withoutNonce)
        #expect(withoutNonce.callCount == 2)
    }

    @Test func challengeIsBase64URLOfSHA256OfTheVerifier() throws {
        let pkce = try #require(Self.request().pkce)
        let digest = Data(SHA256.hash(data: Data(pkce.verifier.utf8)))
        let expected = digest.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        #expect(pkce.challenge == expected)
        #expect(pkce.method == "S256")
        // RFC 7636 Appendix B.
        #expect(PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk").challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")

        let query = CoreFixtures.query(Self.request().url)
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["code_challenge"] != nil)
        #expect(query["code_verifier"] == nil)
    }

    @Test func nonceIsGeneratedOnlyWhenAsked() {
        let without = Self.request(generateNonce: false)
        #expect(without.nonce == nil)
        #expect(CoreFixtures.query(without.url)["nonce"] == nil)

        let with = Self.request(generateNonce: true)
        #expect(Self.isBase64URL43(with.nonce))
        #expect(CoreFixtures.query(with.url)["nonce"] == with.nonce)
    }

    @Test func appNonceIsKept() {
        let request = Self.request(nonce: "app-chosen-nonce", generateNonce: true)
        #expect(request.nonce == "app-chosen-nonce")
        #expect(CoreFixtures.query(request.url)["nonce"] == "app-chosen-nonce")
    }

    @Test func clientSendsNonceWithOpenIDOnlyAndHonoursProviderProfile() throws {
        let client = try OAuthClient(
            configuration: CoreFixtures.configuration(), store: MemoryTokenStore(),
            transport: ScriptedTransport { _ in HTTPResponse(statusCode: 500) })
        #expect(Self.isBase64URL43(client.makeAuthorizationRequest(redirectURI: CoreFixtures.redirectURI, scopes: ["openid"]).nonce))
        #expect(client.makeAuthorizationRequest(redirectURI: CoreFixtures.redirectURI, scopes: ["profile"]).nonce == nil)
        #expect(client.makeAuthorizationRequest(redirectURI: CoreFixtures.redirectURI, scopes: ["openid"], nonce: "mine").nonce == "mine")
        #expect(client.makeAuthorizationRequest(redirectURI: CoreFixtures.redirectURI, scopes: ["openid"]).pkce != nil)

        let noNonce = try OAuthClient(
            configuration: CoreFixtures.configuration(quirks: .idTokenOmitsNonce), store: MemoryTokenStore(),
            transport: ScriptedTransport { _ in HTTPResponse(statusCode: 500) })
        #expect(noNonce.makeAuthorizationRequest(redirectURI: CoreFixtures.redirectURI, scopes: ["openid"]).nonce == nil)

        let noPKCE = try OAuthClient(
            configuration: CoreFixtures.configuration(clientSecret: CoreFixtures.secret, quirks: .pkceUnsupported),
            store: MemoryTokenStore(), transport: ScriptedTransport { _ in HTTPResponse(statusCode: 500) })
        let request = noPKCE.makeAuthorizationRequest(redirectURI: CoreFixtures.redirectURI, scopes: ["openid"])
        #expect(request.pkce == nil)
        #expect(CoreFixtures.query(request.url)["code_challenge"] == nil)
    }

    @Test func additionalParametersCannotOverrideReservedOnes() throws {
        let reserved = ["response_type", "client_id", "redirect_uri", "state", "scope", "nonce", "code_challenge", "code_challenge_method"]
        var additional = reserved.map { ($0, "attacker") }
        additional.append(("bot_prompt", "aggressive"))
        additional.append(("prompt", "consent"))
        let request = Self.request(additional: additional)
        let pairs = CoreFixtures.queryPairs(request.url)
        for name in reserved {
            #expect(pairs.filter { $0.0 == name }.count == 1, "\(name) appears once")
        }
        let query = CoreFixtures.query(request.url)
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == CoreFixtures.clientID)
        #expect(query["redirect_uri"] == CoreFixtures.redirectURI.absoluteString)
        #expect(query["state"] == request.state)
        #expect(query["scope"] == "openid profile")
        #expect(query["nonce"] == request.nonce)
        #expect(query["code_challenge"] == request.pkce?.challenge)
        #expect(query["code_challenge_method"] == "S256")
        #expect(!pairs.contains { $0.1 == "attacker" })
        // Others pass, in order, after the reserved ones.
        #expect(pairs.suffix(2).map(\.0) == ["bot_prompt", "prompt"])
        #expect(query["bot_prompt"] == "aggressive")
    }

    @Test func urlQueryDecodesBackToTheItems() throws {
        let request = Self.request(additional: [("ui_locales", "ja-JP en"), ("odd", "a&b=c+d/é")])
        let pairs = CoreFixtures.queryPairs(request.url)
        #expect(pairs.map(\.0) == request.queryItems.map(\.0))
        #expect(pairs.map(\.1) == request.queryItems.map(\.1))
        let url = request.url
        #expect(url.scheme == "https")
        #expect(url.host == CoreFixtures.authorizationEndpoint.host)
        #expect(url.path == CoreFixtures.authorizationEndpoint.path)

        // A query already on the endpoint is kept.
        let withQuery = Self.request(endpoint: URL(string: "https://issuer.example/authorize?tenant=t1")!)
        let all = CoreFixtures.queryPairs(withQuery.url)
        #expect(all.first?.0 == "tenant" && all.first?.1 == "t1")
        #expect(all.dropFirst().map(\.0) == withQuery.queryItems.map(\.0))
    }

    @Test func descriptionHidesSecrets() throws {
        let request = Self.request()
        let pkce = try #require(request.pkce)
        for text in [
            String(describing: request), String(reflecting: request), "\(request)", String(describing: pkce), String(reflecting: pkce),
        ] {
            #expect(!text.contains(request.state))
            #expect(!text.contains(request.nonce ?? "-"))
            #expect(!text.contains(pkce.verifier))
        }
    }
}
