import Foundation
import Testing
@testable import OAuthEngine

/// Each quirk doing its one thing for its profile, and the standard behaviour for every other profile.
@Suite("Provider profiles: each quirk's effect, on and off")
struct QuirkBehaviourTests {
    // MARK: idTokenOmitsNonce

    @Test("nonce: LinkedIn sends none; every other profile sends one", arguments: ProfileFixtures.profileNames)
    func nonceSent(_ name: String) throws {
        let (client, _) = try ProfileFixtures.make(ProfileFixtures.profile(name))
        let request = client.makeAuthorizationRequest(redirectURI: ProviderTestAgent.redirectURI, scopes: ["openid", "profile"])
        let sent = ProfileFixtures.query(request.url)["nonce"] != nil
        #expect(sent == !name.hasPrefix("linkedin"))
        #expect((request.nonce != nil) == sent)
    }

    @Test("an ID token without nonce: accepted for LinkedIn, refused (nonceMismatch) elsewhere", arguments: ProfileFixtures.profileNames)
    func nonceChecked(_ name: String) async throws {
        var behaviour = ProviderTestServer.Behaviour()
        behaviour.echoNonce = false
        let (client, server) = try ProfileFixtures.make(ProfileFixtures.profile(name), behaviour: behaviour)
        let agent = ProviderTestAgent(server: server)
        if name.hasPrefix("linkedin") {
            let result = try await client.signIn(scopes: ["openid", "profile", "email"], userAgent: agent)
            #expect(result.idTokenClaims?.subject == ProviderTestServer.subject)
            #expect(result.nonce == nil)
        } else {
            await #expect(throws: OAuthError.idToken(.nonceMismatch)) {
                _ = try await client.signIn(scopes: ["openid", "profile"], userAgent: agent)
            }
            #expect(await client.session.current() == nil)
        }
    }

    @Test("with the nonce echoed every profile signs in", arguments: ProfileFixtures.profileNames)
    func signInEverywhere(_ name: String) async throws {
        let (client, server) = try ProfileFixtures.make(ProfileFixtures.profile(name))
        let result = try await client.signIn(scopes: ["openid", "profile"], userAgent: ProviderTestAgent(server: server))
        #expect(result.idTokenClaims?.issuer == client.configuration.endpoints.issuer)
        #expect(await client.session.current() == result.tokens)
    }

    // MARK: pkceUnsupported

    @Test(
        "PKCE: LinkedIn's standard endpoint gets none; every other profile (LinkedIn native too) sends S256",
        arguments: ProfileFixtures.profileNames)
    func pkce(_ name: String) async throws {
        let (client, server) = try ProfileFixtures.make(ProfileFixtures.profile(name))
        let agent = ProviderTestAgent(server: server)
        _ = try await client.signIn(scopes: ["openid", "profile"], userAgent: agent)
        let authorization = try #require(agent.presented.value.first)
        let query = ProfileFixtures.query(authorization)
        let token = try #require(server.requests(to: client.configuration.endpoints.tokenEndpoint).first)
        let expectPKCE = name != "linkedin"
        #expect((query["code_challenge"] != nil) == expectPKCE)
        #expect(query["code_challenge_method"] == (expectPKCE ? "S256" : nil))
        #expect((ProfileFixtures.form(token)["code_verifier"] != nil) == expectPKCE)
    }

    @Test("without PKCE a client secret is required (LinkedIn standard), with PKCE it is not")
    func pkceNeedsSecret() throws {
        #expect(throws: OAuthError.self) { _ = try ProfileFixtures.make(.linkedIn(), confidential: false) }
        _ = try ProfileFixtures.make(.linkedIn(nativePKCE: true), confidential: false)
        _ = try ProfileFixtures.make(.genericOIDC, confidential: false)
    }

    // MARK: tokenTypeMayBeMissing

    @Test("a token response without token_type: accepted for LinkedIn, refused elsewhere", arguments: ProfileFixtures.profileNames)
    func tokenTypeMissing(_ name: String) throws {
        let quirks = ProfileFixtures.profile(name).quirks
        let parsed = Result { () throws(OAuthError) -> TokenResponse in
            try TokenResponse(response: ProfileFixtures.tokenResponse(tokenType: nil), quirks: quirks)
        }
        if name.hasPrefix("linkedin") {
            #expect(try parsed.get().tokenType == "Bearer")
        } else {
            guard case .failure(.invalidResponse) = parsed else {
                Issue.record("expected invalidResponse, got \(parsed)")
                return
            }
        }
        // A wrong token_type is refused by every profile: the quirk only tolerates absence.
        #expect(throws: OAuthError.self) { try TokenResponse(response: ProfileFixtures.tokenResponse(tokenType: "mac"), quirks: quirks) }
    }

    // MARK: revokeWithTokenTypeField, revokeBadRequestMeansRevoked, publicClientAuthenticatesWithAccessToken

    @Test("revocation form: LINE's access_token= field; RFC 7009 token= elsewhere", arguments: ProfileFixtures.profileNames)
    func revokeForm(_ name: String) async throws {
        let (client, server) = try ProfileFixtures.make(ProfileFixtures.profile(name))
        _ = try await client.signIn(scopes: ["openid", "profile"], userAgent: ProviderTestAgent(server: server))
        try await client.revoke(.accessToken)
        let revoke = try #require(server.requests(to: client.configuration.endpoints.revocationEndpoint).first)
        let form = ProfileFixtures.form(revoke)
        if name == "line" {
            #expect(form["access_token"] == "access-1")
            #expect(form["token"] == nil)
        } else {
            #expect(form["token"] == "access-1")
            #expect(form["token_type_hint"] == "access_token")
            #expect(form["access_token"] == nil)
        }
    }

    @Test("a 400 from revoke: done for LINE, an error elsewhere", arguments: ProfileFixtures.profileNames)
    func revokeBadRequest(_ name: String) async throws {
        var behaviour = ProviderTestServer.Behaviour()
        behaviour.revokeStatus = 400
        let (client, server) = try ProfileFixtures.make(ProfileFixtures.profile(name), behaviour: behaviour)
        let signedIn = try await client.signIn(scopes: ["openid", "profile"], userAgent: ProviderTestAgent(server: server))
        if name == "line" {
            try await client.revoke(.refreshToken)
            #expect(await client.session.current()?.refreshToken == nil)
        } else {
            await #expect(throws: OAuthError.self) { try await client.revoke(.refreshToken) }
            #expect(await client.session.current() == signedIn.tokens)
        }
    }

    @Test(
        "a public client's introspection and revocation carry its access token as Bearer only under glewlwyd",
        arguments: ProfileFixtures.profileNames.filter { $0 != "linkedin" })
    func bearerForTokenManagement(_ name: String) async throws {
        let (client, server) = try ProfileFixtures.make(ProfileFixtures.profile(name), confidential: false)
        _ = try await client.signIn(scopes: ["openid", "profile"], userAgent: ProviderTestAgent(server: server))
        _ = try await client.introspect(.accessToken)
        try await client.revoke(.refreshToken)
        let introspection = try #require(server.requests(to: client.configuration.endpoints.introspectionEndpoint).first)
        let revocation = try #require(server.requests(to: client.configuration.endpoints.revocationEndpoint).first)
        for request in [introspection, revocation] {
            #expect(request.headers["Authorization"] == (name == "glewlwyd" ? "Bearer access-1" : nil))
            #expect(ProfileFixtures.form(request)["client_id"] == ProfileFixtures.clientID)
            #expect(ProfileFixtures.form(request)["client_secret"] == nil)
        }
    }

    @Test("a confidential glewlwyd client authenticates with its secret, never with a token")
    func confidentialGlewlwyd() async throws {
        let (client, server) = try ProfileFixtures.make(.glewlwyd, confidential: true)
        #expect(client.configuration.clientAuthentication == .clientSecretBasic)
        _ = try await client.signIn(scopes: ["openid", "profile"], userAgent: ProviderTestAgent(server: server))
        _ = try await client.introspect(.accessToken)
        let introspection = try #require(server.requests(to: client.configuration.endpoints.introspectionEndpoint).first)
        #expect(introspection.headers["Authorization"]?.hasPrefix("Basic ") == true)
    }

    // MARK: requestsJWKSignedIDToken, scopeOmitsEmail

    @Test("id_token_key_type=JWK goes with LINE's token requests only", arguments: ProfileFixtures.profileNames)
    func jwkSignedIDToken(_ name: String) async throws {
        let (client, server) = try ProfileFixtures.make(ProfileFixtures.profile(name))
        _ = try await client.signIn(scopes: ["openid", "profile"], userAgent: ProviderTestAgent(server: server))
        let token = try #require(server.requests(to: client.configuration.endpoints.tokenEndpoint).first)
        #expect((ProfileFixtures.form(token)["id_token_key_type"] == "JWK") == (name == "line"))
        #expect(
            ProfileFixtures.profile(name).configuration(endpoints: ProfileFixtures.testEndpoints, clientID: "c", clientSecret: nil)
                .tokenRequestParameters.isEmpty == (name != "line"))
    }

    @Test(
        "scopeOmitsEmail is LINE's marker only: the engine keeps the scope as the response lists it",
        arguments: ProfileFixtures.profileNames)
    func scopeAsListed(_ name: String) async throws {
        let (client, server) = try ProfileFixtures.make(ProfileFixtures.profile(name))
        let result = try await client.signIn(scopes: ["openid", "profile"], userAgent: ProviderTestAgent(server: server))
        #expect(result.tokens.scopes == ["openid", "profile", "email"])
    }
}
