import Foundation
@testable import OAuthEngine
import Testing

/// A provider's own words (`error`, `error_description`, `message`) end up in front of people: the engine
/// keeps at most 128 and 1,024 characters of them, and says when it cut.
@Suite struct ProviderTextBoundsTests {
    static let long = "\u{1B}[2J" + String(repeating: "x", count: 5_000)

    @Test func aTokenEndpointsWordsAreBounded() throws {
        let body = try JSONSerialization.data(withJSONObject: [
            "error": String(repeating: "e", count: 1_000), "error_description": Self.long,
        ])
        let error = ServerError(response: HTTPResponse(statusCode: 400, body: body))
        let message = try #require(error.message)
        #expect(message.hasPrefix("\u{1B}[2J"), "kept as sent up to the bound (escaping is the terminal's business)")
        #expect(message.hasSuffix("… [cut: 5,004 characters in all]"))
        #expect(message.unicodeScalars.count == ServerError.maximumMessageLength + "… [cut: 5,004 characters in all]".unicodeScalars.count)
        #expect(error.code?.hasSuffix("… [cut: 1,000 characters in all]") == true)
        #expect(ServerError(statusCode: 400, code: "invalid_grant", message: "short").message == "short")
        #expect(ServerError(statusCode: 400, code: "invalid_grant").hasCode("invalid_grant"))
    }

    @Test func aRedirectsErrorDescriptionIsBounded() throws {
        let request = AuthorizationRequest(
            endpoint: CoreFixtures.authorizationEndpoint, clientID: CoreFixtures.clientID,
            redirectURI: try #require(URL(string: "https://app.example/callback")), scopes: ["openid"], generateNonce: true)
        var components = try #require(URLComponents(string: "https://app.example/callback"))
        components.queryItems = [
            URLQueryItem(name: "error", value: "access_denied"), URLQueryItem(name: "error_description", value: Self.long),
            URLQueryItem(name: "state", value: request.state),
        ]
        let url = try #require(components.url)
        do {
            _ = try AuthorizationResponse(url: url, request: request, issuer: nil)
            Issue.record("an error redirect was accepted")
        } catch {
            guard case .providerError(let code, let description) = error else {
                Issue.record("expected the provider's error: \(error)")
                return
            }
            #expect(code == "access_denied")
            #expect(description?.hasSuffix("… [cut: 5,004 characters in all]") == true)
            #expect((description?.unicodeScalars.count ?? .max) < 1_100)
        }
    }
}
