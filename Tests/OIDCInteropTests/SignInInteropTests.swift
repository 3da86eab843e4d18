import Foundation
import OAuthEngine
import Testing

extension GlewlwydInteropTests {
    /// The provider-neutral client against glewlwyd: both issuers × public and confidential clients,
    /// sign-in (discovery, PKCE, state, nonce), ID-token validation, userinfo, refresh, introspection,
    /// revocation, sign-out.
    @Suite("glewlwyd: sign in and manage tokens")
    struct SignIn {
        @Test("the whole session", arguments: InteropCase.all)
        func wholeSession(_ testCase: InteropCase) async throws {
            guard let environment = InteropEnvironment.load() else { return }
            let issuer = try environment.issuer(testCase.algorithm)
            let client = try await testCase.makeClient(environment)
            #expect(client.configuration.clientAuthentication == testCase.client.authentication)
            #expect(client.configuration.endpoints.issuer == issuer.issuer)

            // Sign in through the headless browser: PKCE, state and nonce on every request.
            let browser = GlewlwydBrowser(environment: environment)
            let request = client.makeAuthorizationRequest(redirectURI: environment.redirectURIs[0], scopes: environment.scopes)
            #expect(request.pkce != nil)
            #expect(request.nonce != nil)
            let result = try await client.signIn(scopes: environment.scopes, userAgent: browser, redirectURI: environment.redirectURIs[0])

            // The ID token was validated (signature with the issuer's key, iss, aud, times, nonce).
            let claims = try #require(result.idTokenClaims)
            #expect(claims.issuer == issuer.issuer)
            #expect(claims.audience == [client.configuration.clientID])
            #expect(claims.nonce == result.nonce)
            #expect(claims.email == environment.user.email)
            let idToken = try #require(result.tokens.idToken)
            let header = try CompactJWS(parsing: idToken).header
            #expect(header.algorithm == testCase.algorithm)
            #expect(header.keyID == issuer.kid)
            #expect(result.tokens.refreshToken != nil)
            #expect(await client.session.current() == result.tokens)

            // Userinfo, with the sub check against the ID token.
            let userinfo = try await client.userinfo()
            #expect(userinfo["sub"]?.stringValue == claims.subject)
            #expect(userinfo["email"]?.stringValue == environment.user.email)

            // An authorized GET of a protected resource (the userinfo endpoint as any API).
            let resource = try await client.get(try #require(client.configuration.endpoints.userinfoEndpoint))
            #expect(resource.statusCode == 200)

            // Refresh: a new access token, the login's ID token kept.
            let refreshed = try await client.refresh()
            #expect(refreshed.accessToken != result.tokens.accessToken)
            #expect(refreshed.idToken == result.tokens.idToken)
            #expect(await client.session.refreshCount == 1)
            #expect(try await client.userinfo()["sub"]?.stringValue == claims.subject)

            // Introspection (RFC 7662).
            let active = try await client.introspect(.accessToken)
            #expect(active.isActive)
            #expect(active.clientID == client.configuration.clientID)
            #expect(active.subject == claims.subject)
            #expect(try await client.introspect(.refreshToken).isActive)

            // Revoke the access token (RFC 7009): introspection shows it inactive; the session refreshes
            // before its next call.
            let revokedAccess = refreshed.accessToken
            try await client.revoke(.accessToken)
            #expect(try await client.userinfo()["sub"]?.stringValue == claims.subject)
            #expect(await client.session.refreshCount == 2)
            #expect(try await client.introspect(token: revokedAccess, hint: .accessToken).isActive == false)

            // Revoke the refresh token: inactive, and the session no longer holds it.
            let revokedRefresh = try #require(await client.session.current()?.refreshToken)
            try await client.revoke(.refreshToken)
            #expect(await client.session.current()?.refreshToken == nil)
            #expect(try await client.introspect(token: revokedRefresh, hint: .refreshToken).isActive == false)

            // Sign out: the remaining access token revoked, the session forgotten.
            let lastAccess = try #require(await client.session.current()?.accessToken)
            try await client.signOut()
            #expect(await client.session.current() == nil)
            if testCase.client != .publicPKCE {
                #expect(try await client.introspect(token: lastAccess, hint: .accessToken).isActive == false)
            }
        }

        @Test("without the glewlwyd profile a public client is refused at /introspect and /revoke", arguments: InteropCase.algorithms)
        func publicClientNeedsTheQuirk(_ algorithm: String) async throws {
            guard let environment = InteropEnvironment.load() else { return }
            let generic = try await InteropCase(algorithm: algorithm, client: .publicPKCE).makeClient(environment, profile: .genericOIDC)
            #expect(generic.configuration.quirks.isEmpty)
            _ = try await generic.signIn(
                scopes: environment.scopes, userAgent: GlewlwydBrowser(environment: environment),
                redirectURI: environment.redirectURIs[0])
            // RFC 7009 lets a public client send client_id alone; glewlwyd answers 401 with an empty body.
            do {
                _ = try await generic.introspect(.accessToken)
                Issue.record("glewlwyd accepted an introspection authenticated by client_id alone")
            } catch {
                guard case .server(let server) = error else { throw error }
                #expect(server.statusCode == 401)
            }
            do {
                try await generic.revoke(.refreshToken)
                Issue.record("glewlwyd accepted a revocation authenticated by client_id alone")
            } catch {
                guard case .server(let server) = error else { throw error }
                #expect(server.statusCode == 401)
            }
            // The failed revocation left the session alone.
            #expect(await generic.session.current()?.refreshToken != nil)
        }
    }
}
