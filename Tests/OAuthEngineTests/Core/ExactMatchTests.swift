@testable import ClientTestSupport
import Foundation
@testable import OAuthEngine
import Testing

/// "Exactly" means the same bytes: every identifier comparison of the engine refuses a canonically
/// equivalent but different spelling, which Swift's `String ==` would accept.
@Suite struct ExactMatchTests {
    /// `K` (U+004B) and KELVIN SIGN (U+212A) are canonically equivalent: `==` says equal, the bytes differ.
    static let plain = "https://K.example"
    static let kelvin = "https://\u{212A}.example"
    static let client = "K-client"
    static let kelvinClient = "\u{212A}-client"

    let clock = TestClock()

    @Test func swiftStringEqualityWouldAcceptTheEquivalents() {
        // The premise of every test below: without ExactMatch these pairs compare equal.
        #expect(Self.plain == Self.kelvin)
        #expect(Self.client == Self.kelvinClient)
        #expect(Set([Self.client]).contains(Self.kelvinClient))
        #expect(!ExactMatch.equals(Self.plain, Self.kelvin))
        #expect(!ExactMatch.contains([Self.client], Self.kelvinClient))
        #expect(ExactMatch.equals(Self.plain, "https://K.example"))
        #expect(ExactMatch.contains(["a", Self.client], Self.client))
    }

    // MARK: - ID token: `iss`, `aud`/`azp` and `sub` compared as bytes

    func validator(issuer: String = plain, clientID: String = client) throws -> IDTokenValidator {
        let keys = KeySetCache(keySet: try JWKSet(data: CoreFixtures.defaultJWKS()), clock: clock)
        return try IDTokenValidator(issuer: issuer, clientID: clientID, allowedAlgorithms: [.es256], keys: keys, clock: clock)
    }

    func token(_ overrides: [String: Any]) -> String {
        let claims = CoreFixtures.claims(now: clock.now(), overrides: ["iss": Self.plain, "aud": Self.client].merging(overrides) { $1 })
        return TestTokenSigner.sign(claims, key: .es256(TestTokenSigner.ecKey), kid: "ec-1")
    }

    func refusal(_ token: String, subject: String? = nil) async throws -> IDTokenError? {
        let validator = try validator()
        do {
            _ = try await validator.validate(token, expecting: IDTokenExpectations(nonce: CoreFixtures.nonce, subject: subject))
            return nil
        } catch {
            return error
        }
    }

    @Test func theUnchangedTokenIsAccepted() async throws {
        #expect(try await refusal(token([:]), subject: CoreFixtures.subject) == nil)
        #expect(try await refusal(token(["aud": [Self.client, "other"], "azp": Self.client])) == nil)
    }

    @Test func anEquivalentIssuerIsRefused() async throws {
        #expect(try await refusal(token(["iss": Self.kelvin])) == .issuerMismatch(expected: Self.plain, actual: Self.kelvin))
    }

    @Test func anEquivalentAudienceIsRefused() async throws {
        #expect(try await refusal(token(["aud": Self.kelvinClient])) == .audienceMismatch)
        #expect(try await refusal(token(["aud": [Self.kelvinClient]])) == .audienceMismatch)
        #expect(try await refusal(token(["aud": ["other", Self.kelvinClient], "azp": Self.client])) == .audienceMismatch)
    }

    @Test func anEquivalentAuthorizedPartyIsRefused() async throws {
        #expect(try await refusal(token(["aud": [Self.client, "other"], "azp": Self.kelvinClient])) == .authorizedPartyMismatch)
        #expect(try await refusal(token(["azp": Self.kelvinClient])) == .authorizedPartyMismatch)
    }

    @Test func anEquivalentSubjectIsRefused() async throws {
        let subject = "user-K"
        #expect(try await refusal(token(["sub": "user-\u{212A}"]), subject: subject) == .subjectMismatch)
        #expect(try await refusal(token(["sub": subject]), subject: subject) == nil)
    }

    // MARK: - Redirect (RFC 9207) and discovery

    @Test func anEquivalentIssuerInTheRedirectIsRefused() throws {
        let request = AuthorizationRequest(
            endpoint: CoreFixtures.authorizationEndpoint, clientID: CoreFixtures.clientID,
            redirectURI: CoreFixtures.redirectURI, scopes: ["openid"], generateNonce: true)
        func response(iss: String) throws -> URL {
            var components = try #require(URLComponents(url: CoreFixtures.redirectURI, resolvingAgainstBaseURL: false))
            components.queryItems = [
                URLQueryItem(name: "code", value: "c"), URLQueryItem(name: "state", value: request.state),
                URLQueryItem(name: "iss", value: iss),
            ]
            return try #require(components.url)
        }
        #expect(throws: AuthorizationError.issuerMismatch) {
            try AuthorizationResponse(url: try response(iss: Self.kelvin), request: request, issuer: Self.plain)
        }
        #expect(try AuthorizationResponse(url: try response(iss: Self.plain), request: request, issuer: Self.plain).code == "c")
    }

    @Test func anEquivalentIssuerInTheDiscoveryDocumentIsRefused() async throws {
        let transport = ScriptedTransport { _ in .json(200, DiscoveryDocumentTests.document(issuer: Self.kelvin)) }
        do {
            _ = try await DiscoveryDocument.fetch(issuer: Self.plain, transport: transport)
            Issue.record("an equivalent issuer was accepted")
        } catch {
            guard case .configuration(let message) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(message.contains("issuer mismatch"))
        }
        let exact = ScriptedTransport { _ in .json(200, DiscoveryDocumentTests.document(issuer: Self.plain)) }
        #expect(try await DiscoveryDocument.fetch(issuer: Self.plain, transport: exact).issuer == Self.plain)
    }

    @Test func anEquivalentSubjectFromUserinfoIsRefused() async throws {
        // OAuthClient.userinfo checks userinfo's `sub` against the stored ID token's.
        let idToken = TestTokenSigner.sign(
            CoreFixtures.claims(now: clock.now(), overrides: ["sub": "user-K"]),
            key: .es256(TestTokenSigner.ecKey), kid: "ec-1")
        for (sub, accepted) in [("user-\u{212A}", false), ("user-K", true)] {
            let transport = ScriptedTransport { request in
                request.url.path == CoreFixtures.userinfoEndpoint.path ? .json(200, ["sub": sub]) : .init(statusCode: 404)
            }
            let store = MemoryTokenStore()
            try await store.save(
                TokenSet(
                    accessToken: "at", refreshToken: nil, idToken: idToken, scopes: ["openid"],
                    issuedAt: clock.now(), expiresAt: clock.now().addingTimeInterval(3600)))
            let client = try OAuthClient(configuration: CoreFixtures.configuration(), store: store, transport: transport, clock: clock)
            do {
                _ = try await client.userinfo()
                #expect(accepted, "sub \(sub) was accepted")
            } catch {
                #expect(!accepted && error == .idToken(.subjectMismatch), "got \(error)")
            }
        }
    }
}
