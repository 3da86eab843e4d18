import Foundation
import Testing
@testable import OAuthEngine

/// The OAuthEngine guide "Signing in with LinkedIn from an app", for iOS, where LinkedIn's native PKCE (loopback
/// only) doesn't apply: the app, with no client secret, makes the request and checks the redirect; its backend,
/// holding the secret, exchanges the code (``AuthorizationCodeFlow/exchange(code:redirectURI:codeVerifier:nonce:maxAge:requiresIDToken:additionalFields:)``).
@Suite("LinkedIn from an app: the code exchanged by the app's backend")
struct LinkedInFromAnAppTests {
    static let callback = URL(string: "https://app.example.com/linkedin/callback")!

    /// The app's half: LinkedIn's standard endpoint refuses PKCE and echoes no nonce, so neither is sent.
    func appRequest() -> AuthorizationRequest {
        AuthorizationRequest(
            endpoint: LinkedInProvider.authorizationEndpoint, clientID: ProfileFixtures.clientID, redirectURI: Self.callback,
            scopes: LinkedInProvider.scopes, usePKCE: false, generateNonce: false)
    }

    @Test("the app checks state and hands over the code; the backend exchanges it with the secret and checks the RS256 ID token")
    func guide() async throws {
        let (_, server) = try ProfileFixtures.make(.linkedIn())
        let request = appRequest()
        #expect(!request.url.absoluteString.contains("code_challenge"))
        let agent = ProviderTestAgent(server: server)
        let session = try await agent.beginSession(redirectURI: Self.callback)
        let redirect = try await session.present(request.url)
        let response = try AuthorizationResponse(url: redirect, request: request, issuer: nil)

        // The backend: the secret, and the redirect URI from its own configuration.
        let backend = try AuthorizationCodeFlow(
            configuration: ProviderProfile.linkedIn().configuration(
                clientID: ProfileFixtures.clientID, clientSecret: ProfileFixtures.secret),
            transport: server)
        let result = try await backend.exchange(code: response.code, redirectURI: Self.callback)
        #expect(result.idTokenClaims?.subject == ProviderTestServer.subject)
        let token = try #require(server.requests(to: LinkedInProvider.tokenEndpoint).first)
        let form = ProfileFixtures.form(token)
        #expect(form["code"] == response.code)
        #expect(form["redirect_uri"] == Self.callback.absoluteString)
        #expect(form["client_secret"] == ProfileFixtures.secret)
        #expect(form["code_verifier"] == nil)
    }

    @Test("a redirect whose state is not the app's request's is refused before any code reaches the backend")
    func forgedRedirect() throws {
        let request = appRequest()
        let forged = try #require(URL(string: Self.callback.absoluteString + "?code=stolen&state=attacker"))
        #expect(throws: AuthorizationError.stateMismatch) { try AuthorizationResponse(url: forged, request: request, issuer: nil) }
    }

    @Test("the app alone can't make a LinkedIn standard flow: without PKCE the exchange needs the secret it must not hold")
    func appHoldsNoFlow() {
        #expect(throws: OAuthError.self) {
            try AuthorizationCodeFlow(configuration: ProviderProfile.linkedIn().configuration(clientID: "86abc", clientSecret: nil))
        }
    }

    @Test("the backend's exchange refuses a response without the ID token openid asked for")
    func idTokenChecks() async throws {
        var behaviour = ProviderTestServer.Behaviour()
        behaviour.omitIDToken = true
        let (_, server) = try ProfileFixtures.make(.linkedIn(), behaviour: behaviour)
        let backend = try AuthorizationCodeFlow(
            configuration: ProviderProfile.linkedIn().configuration(
                clientID: ProfileFixtures.clientID, clientSecret: ProfileFixtures.secret),
            transport: server)
        await #expect(throws: OAuthError.idToken(.missing)) { try await backend.exchange(code: "code-1", redirectURI: Self.callback) }
        // Without openid, no ID token is fine.
        let plain = try await backend.exchange(code: "code-1", redirectURI: Self.callback, requiresIDToken: false)
        #expect(plain.idTokenClaims == nil)
    }
}
