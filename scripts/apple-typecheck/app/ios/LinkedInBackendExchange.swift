// LinkedIn in an iOS app that imports only OAuthEngine (no LineSDK), with no client secret in the app: the
// browser sheet catches LinkedIn's redirect to an https URL of the app's associated domain (iOS 17.4+), the app
// checks it against its own request, and hands the code to its backend, which exchanges it with the secret
// (AuthorizationCodeFlow.exchange). The OAuthEngine guide "Signing in with LinkedIn from an app" explains each step.
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
