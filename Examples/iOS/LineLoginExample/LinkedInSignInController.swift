// LinkedIn beside LINE: the code caught in the browser sheet, checked against the request, and exchanged by the
// app's backend, which holds the client secret (the OAuthEngine guide "Signing in with LinkedIn from an app").
import OAuthEngine
import UIKit

@MainActor final class LinkedInSignInController: UIViewController {
    static let callback = URL(string: "https://app.example.com/linkedin/callback")!
    static let exchange = URL(string: "https://app.example.com/linkedin/exchange")!

    func signIn() async throws -> HTTPResponse {
        // LinkedIn's standard endpoint refuses PKCE and echoes no nonce: `state` ties the redirect to this request.
        let request = AuthorizationRequest(
            endpoint: LinkedInProvider.authorizationEndpoint, clientID: "86abcdefghijkl", redirectURI: Self.callback,
            scopes: LinkedInProvider.scopes, usePKCE: false, generateNonce: false)
        let agent = WebAuthenticationSessionUserAgent(redirectURI: Self.callback, presenting: self)
        let session = try await agent.beginSession(redirectURI: nil)
        let redirect = try await session.present(request.url)
        let response = try AuthorizationResponse(url: redirect, request: request, issuer: nil)
        // To the app's own backend, which answers with a session of its own.
        return try await URLSessionTransport().send(.form(url: Self.exchange, fields: [("code", response.code)]))
    }
}
