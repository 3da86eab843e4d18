import Foundation
import Testing
@testable import OAuthEngine

/// The generic OIDC profile from discovery, and the client API the profiles share.
@Suite("Provider profiles: generic OIDC and the shared client API")
struct GenericProfileTests {
    static func document(algorithms: [String]? = ["RS256", "ES256", "HS256", "none"], methods: [String]? = nil) -> DiscoveryDocument {
        var json: [String: Any] = [
            "issuer": "https://id.example.com", "authorization_endpoint": "https://id.example.com/auth",
            "token_endpoint": "https://id.example.com/token", "jwks_uri": "https://id.example.com/jwks",
        ]
        if let algorithms { json["id_token_signing_alg_values_supported"] = algorithms }
        if let methods { json["token_endpoint_auth_methods_supported"] = methods }
        let data = (try? JSONSerialization.data(withJSONObject: json)) ?? Data()
        return (try? JSONDecoder().decode(DiscoveryDocument.self, from: data))
            ?? DiscoveryDocument(
                issuer: "", authorizationEndpoint: ProfileFixtures.testEndpoints.authorizationEndpoint,
                tokenEndpoint: ProfileFixtures.testEndpoints.tokenEndpoint)
    }

    @Test("algorithms: advertised ∩ {ES256, RS256}, HS256 only with a secret, never none")
    func algorithms() {
        let profile = ProviderProfile.genericOIDC
        #expect(profile.configuration(document: Self.document(), clientID: "c", clientSecret: nil).idTokenAlgorithms == [.es256, .rs256])
        #expect(
            profile.configuration(document: Self.document(), clientID: "c", clientSecret: "s").idTokenAlgorithms == [
                .es256, .rs256, .hs256,
            ])
        #expect(
            profile.configuration(document: Self.document(algorithms: ["RS256"]), clientID: "c", clientSecret: "s").idTokenAlgorithms == [
                .rs256
            ])
        #expect(
            profile.configuration(document: Self.document(algorithms: nil), clientID: "c", clientSecret: nil).idTokenAlgorithms == [
                .es256, .rs256,
            ])
    }

    @Test("client authentication: none without a secret; the advertised method with one; an explicit choice wins")
    func authentication() {
        let profile = ProviderProfile.genericOIDC
        #expect(
            profile.configuration(document: Self.document(), clientID: "c", clientSecret: nil).clientAuthentication
                == ClientAuthentication.none)
        #expect(
            profile.configuration(document: Self.document(), clientID: "c", clientSecret: "s").clientAuthentication == .clientSecretBasic)
        #expect(
            profile.configuration(document: Self.document(methods: ["client_secret_post"]), clientID: "c", clientSecret: "s")
                .clientAuthentication == .clientSecretPost)
        #expect(
            profile.configuration(document: Self.document(), clientID: "c", clientSecret: "s", clientAuthentication: .clientSecretPost)
                .clientAuthentication == .clientSecretPost)
        // LinkedIn's profile names its method even where discovery would say otherwise.
        #expect(
            ProviderProfile.linkedIn().configuration(document: Self.document(), clientID: "c", clientSecret: "s").clientAuthentication
                == .clientSecretPost)
    }

    @Test("a profile without endpoints needs discovery or explicit endpoints")
    func explicitEndpoints() throws {
        #expect(throws: OAuthError.self) { _ = try ProviderProfile.genericOIDC.configuration(clientID: "c", clientSecret: nil) }
        let configuration = try ProviderProfile.genericOIDC.configuration(
            clientID: "c", clientSecret: nil, endpoints: ProfileFixtures.testEndpoints)
        #expect(configuration.endpoints.introspectionEndpoint == ProfileFixtures.testEndpoints.introspectionEndpoint)
        #expect(configuration.quirks.isEmpty)
    }

    @Test("revoking the access token keeps the refresh token and refreshes before the next call")
    func revokeAccessToken() async throws {
        let (client, server) = try ProfileFixtures.make(.genericOIDC)
        _ = try await client.signIn(scopes: ["openid"], userAgent: ProviderTestAgent(server: server))
        try await client.revoke(.accessToken)
        let stored = try #require(await client.session.current())
        #expect(stored.refreshToken == "refresh-1")
        #expect(stored.expiresAt <= Date())
        let response = try await client.get(try #require(client.configuration.endpoints.userinfoEndpoint))
        #expect(response.statusCode == 200)
        #expect(await client.session.refreshCount == 1)
        #expect(server.requests(to: client.configuration.endpoints.userinfoEndpoint).last?.headers["Authorization"] == "Bearer access-2")
    }

    @Test("revoking the access token of a session without a refresh token forgets the session")
    func revokeLastToken() async throws {
        let (client, server) = try ProfileFixtures.make(.genericOIDC)
        _ = try await client.signIn(scopes: ["openid"], userAgent: ProviderTestAgent(server: server))
        try await client.revoke(.refreshToken)
        #expect(await client.session.current()?.refreshToken == nil)
        await #expect(throws: OAuthError.noRefreshToken) { try await client.revoke(.refreshToken) }
        try await client.revoke(.accessToken)
        #expect(await client.session.current() == nil)
        await #expect(throws: OAuthError.notSignedIn) { _ = try await client.introspect() }
    }

    @Test("introspection is typed; an answer without a boolean active is refused")
    func introspection() throws {
        let active = try #require(TokenIntrospection(json: ["active": .bool(true), "scope": .string("openid email"), "exp": .number(10)]))
        #expect(active.isActive)
        #expect(active.scopes == ["openid", "email"])
        #expect(active.expiresAt == Date(timeIntervalSince1970: 10))
        #expect(TokenIntrospection(json: ["active": .bool(false)])?.isActive == false)
        #expect(TokenIntrospection(json: ["active": .string("true")]) == nil)
        #expect(TokenIntrospection(json: [:]) == nil)
    }

    @Test("an authorized request never goes to plain http off loopback")
    func authorizedPolicy() async throws {
        let (client, server) = try ProfileFixtures.make(.genericOIDC)
        _ = try await client.signIn(scopes: ["openid"], userAgent: ProviderTestAgent(server: server))
        await #expect(throws: OAuthError.self) { _ = try await client.get(URL(string: "http://api.example.com/me")!) }
        #expect(server.requests.allSatisfy { $0.url.host != "api.example.com" })
    }

    @Test("sign-out revokes both tokens and forgets the session")
    func signOut() async throws {
        let (client, server) = try ProfileFixtures.make(.genericOIDC)
        _ = try await client.signIn(scopes: ["openid"], userAgent: ProviderTestAgent(server: server))
        try await client.signOut()
        let revoked = server.requests(to: client.configuration.endpoints.revocationEndpoint).map {
            ProfileFixtures.form($0)["token_type_hint"]
        }
        #expect(revoked == ["refresh_token", "access_token"])
        #expect(await client.session.current() == nil)
    }
}

/// HS256 ID tokens: keyed with the client secret, accepted only where a secret is configured and the
/// profile allows it.
@Suite("Provider profiles: HS256 with a client secret")
struct HS256ProfileTests {
    private func signIn(_ profile: ProviderProfile, secret: String?) async throws(OAuthError) -> SignInResult {
        let endpoints = profile.endpoints ?? ProfileFixtures.testEndpoints
        let server = ProviderTestServer(endpoints: endpoints, clientID: ProfileFixtures.clientID, algorithm: .hs256)
        let client = try OAuthClient(
            profile: profile, clientID: ProfileFixtures.clientID, clientSecret: secret,
            endpoints: profile.endpoints == nil ? endpoints : nil, store: MemoryTokenStore(), transport: server)
        return try await client.signIn(scopes: ["openid"], userAgent: ProviderTestAgent(server: server))
    }

    @Test("generic OIDC, LINE and glewlwyd accept HS256 keyed with the client secret", arguments: ["oidc", "line", "glewlwyd"])
    func accepted(_ name: String) async throws {
        let result = try await signIn(ProfileFixtures.profile(name), secret: ProfileFixtures.secret)
        #expect(result.idTokenClaims?.subject == ProviderTestServer.subject)
    }

    @Test("without a secret HS256 is refused (noSecretForHS256)", arguments: ["oidc", "glewlwyd"])
    func noSecret(_ name: String) async throws {
        await #expect(throws: OAuthError.idToken(.noSecretForHS256)) { _ = try await signIn(ProfileFixtures.profile(name), secret: nil) }
    }

    @Test("LinkedIn signs with RS256 only: HS256 is refused even with the secret")
    func linkedInRefuses() async throws {
        #expect(ProviderProfile.linkedIn().acceptsHS256WithClientSecret == false)
        await #expect(throws: OAuthError.idToken(.noSecretForHS256)) { _ = try await signIn(.linkedIn(), secret: ProfileFixtures.secret) }
    }
}
