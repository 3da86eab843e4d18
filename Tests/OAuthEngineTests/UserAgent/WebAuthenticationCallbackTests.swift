import Foundation
import OAuthEngine
import Testing

/// The decisions of the Apple web-authentication agent, which only applies them: which redirect it waits for,
/// and what a finished session means.
@Suite("WebAuthenticationCallback")
struct WebAuthenticationCallbackTests {
    @Test("a custom scheme is matched by scheme, lower-cased")
    func customScheme() throws {
        let redirect = try #require(URL(string: "line3rdp.com.Example.App://authorize/"))
        #expect(try WebAuthenticationCallback(redirectURI: redirect) == .customScheme("line3rdp.com.example.app"))
        let reverseDNS = try #require(URL(string: "com.example.app:/oauth2redirect"))
        #expect(try WebAuthenticationCallback(redirectURI: reverseDNS) == .customScheme("com.example.app"))
    }

    @Test("an https redirect is matched by host and path")
    func https() throws {
        let redirect = try #require(URL(string: "https://App.Example.com/linkedin/callback"))
        #expect(try WebAuthenticationCallback(redirectURI: redirect) == .https(host: "app.example.com", path: "/linkedin/callback"))
        let root = try #require(URL(string: "https://app.example.com"))
        #expect(try WebAuthenticationCallback(redirectURI: root) == .https(host: "app.example.com", path: "/"))
    }

    @Test(
        "refused: http (the loopback agent's), no scheme, no host, a query or fragment on https",
        arguments: [
            "http://127.0.0.1:8123/callback", "/relative/callback", "https:///callback", "https://app.example.com/cb?x=1",
            "https://app.example.com/cb#x",
        ])
    func refused(_ text: String) throws {
        let redirect = try #require(URL(string: text))
        #expect(throws: UserAgentError.self) { try WebAuthenticationCallback(redirectURI: redirect) }
    }

    @Test("a caught redirect is the result, whatever error came with it")
    func caught() throws {
        let callback = try #require(URL(string: "com.example.app:/cb?code=c&state=s"))
        let outcome = WebAuthenticationCallback.outcome(callbackURL: callback, errorDomain: nil, errorCode: nil)
        #expect(try outcome.get() == callback)
    }

    @Test("the session's error codes: cancelled, no window, anything else")
    func errors() {
        let domain = WebAuthenticationCallback.sessionErrorDomain
        #expect(WebAuthenticationCallback.outcome(callbackURL: nil, errorDomain: domain, errorCode: 1) == .failure(.cancelled))
        for code in [2, 3] {
            guard
                case .failure(.unavailable(let message)) = WebAuthenticationCallback.outcome(
                    callbackURL: nil, errorDomain: domain, errorCode: code)
            else {
                Issue.record("code \(code) is not unavailable")
                continue
            }
            #expect(message.contains("window"))
        }
        // A cancel code from another domain is not a cancel; no URL and no error is a failure too.
        for (domain, code) in [("NSURLErrorDomain", 1), (nil, nil)] as [(String?, Int?)] {
            let outcome = WebAuthenticationCallback.outcome(callbackURL: nil, errorDomain: domain, errorCode: code)
            guard case .failure(.unavailable) = outcome else {
                Issue.record("\(String(describing: domain)) \(String(describing: code)) gave \(outcome)")
                continue
            }
        }
    }
}
