#if Emulator
import Foundation
import Testing

@testable import LineLoginEmulator

/// A `redirect_uri` that a server would normalize out of its registered prefix is refused, however the
/// dot segment is spelled: with `;` path parameters (`..;` is `..` to Tomcat and Spring), percent-encoded,
/// double-encoded, or with an encoded `/` or `;`.
@Suite("Redirect URI dot segments")
struct RedirectDotSegmentTests {
    static let registered = ["https://app.example.com/cb"]

    @Test(arguments: [
        "https://app.example.com/cb/..;/evil", "https://app.example.com/cb/..;x/evil", "https://app.example.com/cb/..;",
        "https://app.example.com/cb/%2e%2e;/evil", "https://app.example.com/cb/%2E%2E;x=1/evil", "https://app.example.com/cb/..%3b/evil",
        "https://app.example.com/cb/..%3Bx/evil", "https://app.example.com/cb/.;/x", "https://app.example.com/cb/.%3b/x",
        "https://app.example.com/cb/%2e;/x", "https://app.example.com/cb/.%2e;jsessionid=1/evil",
        // Double and triple encoding: `..` to a proxy and a server that each decode.
        "https://app.example.com/cb/%252e%252e/evil", "https://app.example.com/cb/%252e%252e%253b/evil",
        "https://app.example.com/cb/%25252e%25252e/evil",
        // An encoded slash splits a segment once decoded.
        "https://app.example.com/cb/..%2fevil", "https://app.example.com/cb/x%2f..%2f..%2fevil", "https://app.example.com/cb/x%252f..",
        // Escapes too deep to follow, or malformed after decoding.
        "https://app.example.com/cb/%2525252e", "https://app.example.com/cb/%25zz",
        // Control characters and backslashes hidden behind a second encoding.
        "https://app.example.com/cb/%250a", "https://app.example.com/cb/%255c..",
    ])
    func refused(_ uri: String) {
        #expect(!CallbackURLMatcher.matches(uri, registered: Self.registered), "\(uri)")
    }

    @Test(arguments: [
        "https://app.example.com/cb", "https://app.example.com/cb;jsessionid=1", "https://app.example.com/cb/a;b=..",
        "https://app.example.com/cb/...", "https://app.example.com/cb/..x;", "https://app.example.com/cb/x..;/y",
        "https://app.example.com/cb/%41", "https://app.example.com/cb?next=/a/..;/b",
    ])
    func accepted(_ uri: String) {
        #expect(CallbackURLMatcher.matches(uri, registered: Self.registered), "\(uri)")
    }

    /// The issue's example through the authorize check: an error page, never a redirect to it.
    @Test func authorizeShowsAnErrorPageForTheIssuesExample() {
        let channel = EmulatorChannel(channelID: "1234567890", channelSecret: "s", callbackURLs: Self.registered)
        let query = FormEncoding.query([
            ("response_type", "code"), ("client_id", "1234567890"), ("redirect_uri", "https://app.example.com/cb/..;/evil"),
            ("state", "abc"), ("scope", "profile"),
        ])
        let result = AuthorizeParameters.validate(query: query) { $0 == channel.channelID ? channel : nil }
        guard case .failure(.errorPage) = result else {
            Issue.record("expected an error page, got \(result)")
            return
        }
    }
}
#endif
