import Foundation
import OAuthEngine
import Testing
@testable import LineSDK
import LineLoginPrimitives

/// LINE SDK's app-to-app URLs, built here from an authorization request.
@Suite struct LineAppLoginURLTests {
    static let authorization = URL(
        string:
            "https://access.line.me/oauth2/v2.1/authorize?response_type=code&client_id=1234567890&redirect_uri=line3rdp.com.example.app%3A%2F%2Fauthorize%2F&state=s-1&scope=profile%20openid&nonce=n-1&code_challenge=c&code_challenge_method=S256"
    )!

    func query(_ url: URL) -> [String: String] {
        Dictionary(
            (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            uniquingKeysWith: { first, _ in first })
    }

    @Test func returnURICarriesTheRequestOnLINEsConsentPath() throws {
        let universal = try #require(URL(string: "https://app.example.com/line-auth"))
        let returnURI = try #require(LineAppLoginURL.returnURI(authorizationURL: Self.authorization, universalLinkURL: universal))
        let components = try #require(URLComponents(string: returnURI))
        #expect(components.path == "/oauth2/v2.1/authorize/consent" && components.host == nil)
        let items = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(items["client_id"] == "1234567890" && items["state"] == "s-1" && items["code_challenge_method"] == "S256")
        #expect(items["redirect_uri"] == "line3rdp.com.example.app://authorize/")
        #expect(items["sdk_ver"] == Constant.SDKVersion)
        #expect(items["optional_redirect_uri"] == universal.absoluteString)
    }

    @Test func aParameterTheRequestCarriesIsNotAddedTwice() throws {
        var components = try #require(URLComponents(url: Self.authorization, resolvingAgainstBaseURL: false))
        components.percentEncodedQuery! += "&optional_redirect_uri=https%3A%2F%2Fapp.example.com%2Fline-auth"
        let url = try #require(components.url)
        let returnURI = try #require(
            LineAppLoginURL.returnURI(authorizationURL: url, universalLinkURL: URL(string: "https://app.example.com/line-auth")))
        #expect(returnURI.components(separatedBy: "optional_redirect_uri=").count == 2)
    }

    @Test func theUniversalLinkAndTheSchemeCarryTheLogin() throws {
        let returnURI = try #require(LineAppLoginURL.returnURI(authorizationURL: Self.authorization, universalLinkURL: nil))
        let link = try #require(
            LineAppLoginURL.universalLink(
                base: LinePlatform.production.lineAppLoginURL, returnURI: returnURI,
                channelID: "1234567890", language: "ja"))
        #expect(link.host == "access-auto.line.me" && link.path == "/oauth2/v2.1/login")
        #expect(query(link)["returnUri"] == returnURI)
        #expect(query(link)["loginChannelId"] == "1234567890" && query(link)["ui_locales"] == "ja")
        let scheme = try #require(LineAppLoginURL.authScheme(loginURL: link))
        #expect(scheme.scheme == "lineauth2" && scheme.host == "authorize")
        #expect(query(scheme)["loginUrl"] == link.absoluteString)
    }

    @Test func aRequestWithoutAQueryHasNoReturnURI() {
        #expect(
            LineAppLoginURL.returnURI(authorizationURL: URL(string: "https://access.line.me/oauth2/v2.1/authorize")!, universalLinkURL: nil)
                == nil)
    }

    @Test func aCallbackToTheUniversalLinkIsHandedBackOnTheRedirectURI() throws {
        let redirect = try #require(URL(string: "line3rdp.com.example.app://authorize/"))
        let universal = try #require(URL(string: "https://app.example.com/line-auth"))
        let arrived = try #require(URL(string: "https://app.example.com/line-auth?code=c&state=s"))
        let callback = try #require(CallbackURLUserAgent.callback(arrived, redirectURI: redirect, alternates: [universal]))
        #expect(callback.absoluteString == "line3rdp.com.example.app://authorize/?code=c&state=s")
        #expect(CallbackURLUserAgent.callback(arrived, redirectURI: redirect, alternates: []) == nil, "not registered: not a callback")
        #expect(
            CallbackURLUserAgent.callback(
                URL(string: "https://evil.example/line-auth?code=c")!, redirectURI: redirect, alternates: [universal]) == nil)
    }
}

/// A login stopped before its page is shown opens nothing; ending an old attempt leaves a newer one waiting. (A callback with a forged `state` ends the
/// attempt and fails as LINE's SDK does, with `responseStateValueNotMatching`: LineAppLoginTests.)
@Suite struct CallbackURLUserAgentEdgeTests {
    @Test func aCancelledTaskOpensNothing() async throws {
        let redirect = try #require(URL(string: "line3rdp.com.example.app://authorize/"))
        let opened = LockedValue(0)
        let agent = CallbackURLUserAgent(redirectURI: redirect) { _ in opened.withLock { $0 += 1 } }
        let session = try await agent.beginSession(redirectURI: nil)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await session.present(URL(string: "https://access.line.test/authorize?state=s")!)
        }
        await #expect(throws: (any Error).self) { try await task.value }
        #expect(opened.current == 0)
        #expect(!agent.isWaiting)
    }

    @Test(.timeLimit(.minutes(1))) func cancellingAnOldSessionLeavesTheNewerLoginWaiting() async throws {
        let redirect = try #require(URL(string: "line3rdp.com.example.app://authorize/"))
        let agent = CallbackURLUserAgent(redirectURI: redirect) { _ in }
        let authorization = try #require(URL(string: "https://access.line.test/authorize?state=s"))
        let old = try await agent.beginSession(redirectURI: nil)
        let oldLogin = Task { try await old.present(authorization) }
        for await _ in Self.waiting(agent) { break }
        let newer = try await agent.beginSession(redirectURI: nil)
        let newerLogin = Task { try await newer.present(authorization) }
        // The newer attempt replaces the old one, which ends as cancelled.
        await #expect(throws: UserAgentError.cancelled) { try await oldLogin.value }
        old.cancel()
        #expect(agent.isWaiting, "the old session's cancel ended the newer login")
        #expect(agent.deliver(try #require(URL(string: "line3rdp.com.example.app://authorize/?code=c&state=s"))))
        #expect(try await newerLogin.value.query == "code=c&state=s")
    }

    /// Yields once the agent waits for a callback.
    private static func waiting(_ agent: CallbackURLUserAgent) -> AsyncStream<Void> {
        AsyncStream { continuation in
            let poll = Task {
                while !agent.isWaiting, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
                continuation.yield()
                continuation.finish()
            }
            continuation.onTermination = { _ in poll.cancel() }
        }
    }
}
