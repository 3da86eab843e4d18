import Foundation
import OAuthEngine
import Testing

extension GlewlwydInteropTests {
    /// What glewlwyd refuses, and what the engine makes of it: a replayed code, a wrong PKCE verifier, a
    /// revoked refresh token, a wrong client secret, an issuer that doesn't match discovery.
    @Suite("glewlwyd: refusals")
    struct Refusal {
        /// Runs the browser part of a login and returns the request and the redirect, unexchanged.
        private func authorize(_ client: OAuthClient, _ environment: InteropEnvironment) async throws -> (AuthorizationRequest, URL, String)
        {
            let request = client.makeAuthorizationRequest(redirectURI: environment.redirectURIs[0], scopes: environment.scopes)
            let callback = try await GlewlwydBrowser(environment: environment).authorize(request.url)
            let response = try AuthorizationResponse(url: callback, request: request, issuer: client.configuration.endpoints.issuer)
            return (request, callback, response.code)
        }

        /// The `ServerError` of an `OAuthError.server`, or a recorded issue.
        private func serverError(_ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async -> ServerError? {
            do {
                try await body()
                Issue.record("expected OAuthError.server", sourceLocation: sourceLocation)
            } catch let error as OAuthError {
                if case .server(let server) = error { return server }
                Issue.record("expected OAuthError.server, got \(error)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("expected OAuthError.server, got \(error)", sourceLocation: sourceLocation)
            }
            return nil
        }

        @Test("a replayed code is refused (403 invalid_code); the session keeps its tokens", arguments: InteropCase.all)
        func replayedCode(_ testCase: InteropCase) async throws {
            guard let environment = InteropEnvironment.load() else { return }
            let client = try await testCase.makeClient(environment)
            let (request, callback, code) = try await authorize(client, environment)
            let first = try await client.completeSignIn(callbackURL: callback, request: request)

            let server = await serverError {
                _ = try await client.tokenClient.exchange(
                    code: code, redirectURI: request.redirectURI, codeVerifier: request.pkce?.verifier)
            }
            #expect(server?.statusCode == 403)
            #expect(server?.hasCode("invalid_code") == true)
            #expect(server.map { OAuthError.server($0).isTransient } == false)
            #expect(await client.session.current() == first.tokens)

            // Configured with auth-type-code-revoke-replayed, glewlwyd also revokes what the code produced.
            if testCase.client != .publicPKCE {
                #expect(try await client.introspect(token: first.tokens.accessToken, hint: .accessToken).isActive == false)
            }
        }

        @Test("a wrong PKCE verifier is refused (403 invalid_code)", arguments: InteropCase.algorithms)
        func wrongVerifier(_ algorithm: String) async throws {
            guard let environment = InteropEnvironment.load() else { return }
            let client = try await InteropCase(algorithm: algorithm, client: .publicPKCE).makeClient(environment)
            let (request, _, code) = try await authorize(client, environment)
            let wrong = PKCE(random: SystemRandomSource()).verifier
            #expect(wrong != request.pkce?.verifier)
            let server = await serverError {
                _ = try await client.tokenClient.exchange(code: code, redirectURI: request.redirectURI, codeVerifier: wrong)
            }
            #expect(server?.statusCode == 403)
            #expect(server?.hasCode("invalid_code") == true)
            #expect(await client.session.current() == nil)
            // A missing verifier is refused the same way.
            let missing = await serverError {
                _ = try await client.tokenClient.exchange(code: code, redirectURI: request.redirectURI, codeVerifier: nil)
            }
            #expect(missing?.statusCode == 403)
        }

        @Test("a revoked refresh token is refused (400, empty body) and the engine keeps the tokens", arguments: InteropCase.all)
        func revokedRefreshToken(_ testCase: InteropCase) async throws {
            guard let environment = InteropEnvironment.load() else { return }
            let client = try await testCase.makeClient(environment)
            let result = try await client.signIn(
                scopes: environment.scopes, userAgent: GlewlwydBrowser(environment: environment),
                redirectURI: environment.redirectURIs[0])
            let refreshToken = try #require(result.tokens.refreshToken)
            // Revoked at the provider only (as when the user withdraws consent elsewhere); the session still holds it.
            try await client.revoke(token: refreshToken, kind: .refreshToken)

            let server = await serverError { _ = try await client.refresh() }
            // glewlwyd answers 400 with an empty body where RFC 6749 says 400 invalid_grant.
            #expect(server?.statusCode == 400)
            #expect(server?.code == nil)
            #expect(server?.body == "")
            #expect(server.map { OAuthError.server($0).isTransient } == false)
            // Only invalid_grant ends a session (security checklist); an unexplained 400 keeps the tokens.
            #expect(await client.session.current() == result.tokens)
        }

        @Test("a wrong client secret is refused (403 unauthorized_client)", arguments: InteropCase.algorithms)
        func wrongSecret(_ algorithm: String) async throws {
            guard let environment = InteropEnvironment.load() else { return }
            let issuer = try environment.issuer(algorithm)
            let client = try await OAuthClient.discover(
                issuer: issuer.issuer, clientID: environment.confidentialClient.clientID, clientSecret: "not-the-secret",
                profile: .genericOIDC, clientAuthentication: .clientSecretBasic, store: MemoryTokenStore())
            let server = await serverError {
                _ = try await client.signIn(
                    scopes: environment.scopes, userAgent: GlewlwydBrowser(environment: environment),
                    redirectURI: environment.redirectURIs[0])
            }
            #expect(server?.statusCode == 403)
            #expect(server?.hasCode("unauthorized_client") == true)
            #expect(await client.session.current() == nil)
        }

        @Test("discovery refuses an issuer that differs from the document's", arguments: InteropCase.algorithms)
        func issuerMismatch(_ algorithm: String) async throws {
            guard let environment = InteropEnvironment.load() else { return }
            let issuer = try environment.issuer(algorithm)
            do {
                _ = try await OAuthClient.discover(
                    issuer: issuer.issuer + "/", clientID: environment.publicClient.clientID,
                    clientSecret: nil, profile: .genericOIDC, store: MemoryTokenStore())
                Issue.record("a trailing-slash issuer was accepted")
            } catch {
                guard case .configuration(let message) = error else { throw error }
                #expect(message.contains("issuer mismatch"))
            }
        }

        @Test("an ID token from the other issuer is refused", arguments: InteropCase.algorithms)
        func crossIssuerToken(_ algorithm: String) async throws {
            guard let environment = InteropEnvironment.load() else { return }
            let other = InteropCase.algorithms.first { $0 != algorithm } ?? algorithm
            let signer = try await InteropCase(algorithm: other, client: .publicPKCE).makeClient(environment)
            let foreign = try await signer.signIn(
                scopes: environment.scopes, userAgent: GlewlwydBrowser(environment: environment),
                redirectURI: environment.redirectURIs[0])
            let validator = try await InteropCase(algorithm: algorithm, client: .publicPKCE).makeClient(environment).flow.validator
            let token = try #require(foreign.tokens.idToken)
            let expected = IDTokenError.issuerMismatch(
                expected: try environment.issuer(algorithm).issuer, actual: try environment.issuer(other).issuer)
            do {
                _ = try await validator.validate(token, expecting: IDTokenExpectations(nonce: foreign.nonce))
                Issue.record("an ID token of the other issuer was accepted")
            } catch {
                // Same keys in both plugins, so the signature verifies: the issuer check is what refuses it.
                #expect(error == expected)
            }
        }
    }
}
