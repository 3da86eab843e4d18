#if ExampleSite
import Crypto
import Foundation
import Hummingbird
import LineLoginServer
@testable import LineLoginServerTestSupport
import LineSDK
import NIOCore
import Testing

@testable import LineLoginExampleSite

/// Every answer of the example site carries the security headers, a 404 or an error included, and a
/// Content-Security-Policy that allows the page's own stylesheet and nothing it doesn't use.
@Suite struct SecurityHeadersTests {
    static func site() throws -> ExampleSite {
        let platform = LinePlatform.custom(baseURL: try #require(URL(string: "http://127.0.0.1:9")))
        return try ExampleSite(
            target: ExampleSite.Target(channelID: "1234567890", channelSecret: "secret", platform: platform, emulated: true),
            redirectURI: try #require(URL(string: "http://127.0.0.1:8500/callback")), sealer: .randomKey(), scopes: ["profile", "openid"],
            botPrompt: nil)
    }

    static let expected = ["x-content-type-options", "x-frame-options", "referrer-policy", "content-security-policy"]

    @Test func everyAnswerCarriesTheHeadersA404Included() async throws {
        let client = HummingbirdRouterClient(try Self.site().router())
        for (method, path, status) in [
            (HTTPRequest.Method.get, "/", HTTPResponse.Status.ok), (.get, "/no-such-page", .notFound), (.get, "/api/nope", .notFound),
            (.delete, "/", .notFound), (.get, "/profile", .seeOther), (.post, "/api/session", .badRequest),
        ] {
            let response = try await client.send(method, path)
            #expect(response.status == status, "\(method) \(path)")
            for name in Self.expected {
                let field = try #require(HTTPFields.Element.Name(name))
                #expect(response.headers[field] != nil, "\(method) \(path): no \(name)")
            }
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test func thePolicyAllowsThePagesOwnStylesheetAndNoScript() async throws {
        let response = try await HummingbirdRouterClient(try Self.site().router()).send(.get, "/")
        let name = try #require(HTTPFields.Element.Name("Content-Security-Policy"))
        let policy = try #require(response.headers[name])
        let page = String(buffer: response.body)
        let style = try #require(page.firstMatch(of: /<style>(.*?)<\/style>/.dotMatchesNewlines())).1
        let hash = "sha256-" + Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
        #expect(policy.contains("style-src '\(hash)'"), "the page's stylesheet is the one the policy allows")
        #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'"))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("script-src"))
        #expect(!page.contains("<script") && !page.contains("onerror=") && !page.contains(" style=\""))
    }
}
#endif
