#if Emulator
import Foundation
import OAuthEngine
import LineLoginTesting
import Testing
@testable import LineSDK

/// Logins whose redirect comes back through `application(_:open:)` / `handleCallbackURL`, with a
/// `CallbackURLUserAgent` (the cross-platform form of LINE's custom-scheme and universal-link callbacks).
@Suite(.emulatedLine) struct CallbackURLTests {
    static let bundleID = "com.example.lineapp"
    static let customScheme = URL(string: "line3rdp.com.example.lineapp://authorize/")!
    static let universalLink = URL(string: "https://app.example.com/line-auth/")!

    struct Setup {
        let platform: EmulatedLine
        let manager: LoginManager
        let agent: CallbackURLUserAgent
        let opened: AsyncStream<URL>

        func nextOpened() async -> URL? {
            var iterator = opened.makeAsyncIterator()
            return await iterator.next()
        }

        /// What LINE redirects to after the user approved the request `authorizationURL`.
        func approve(_ authorizationURL: URL, redirect: URL? = nil, state: String? = nil) async throws -> URL {
            let query = FakeUserAgent.query(authorizationURL)
            let target = try redirect ?? #require(query["redirect_uri"].flatMap(URL.init(string:)))
            let code = try #require(await platform.approve(authorizationURL, redirectURI: target).code)
            return FakeUserAgent.redirect(target, [("code", code), ("state", try state ?? #require(query["state"]))])
        }
    }

    /// - Parameters:
    ///   - redirect: the callback the agent registers (custom scheme or universal link).
    ///   - inConfiguration: the agent is the configuration's `userAgent` (else it's passed per login).
    static func makeSetup(redirect: URL, inConfiguration: Bool = true) async throws -> Setup {
        let platform = try await EmulatedLine.start()
        let (opened, continuation) = AsyncStream<URL>.makeStream()
        let agent = CallbackURLUserAgent(redirectURI: redirect) { continuation.yield($0) }
        let configuration = LoginConfiguration(
            channelID: LineTestEnvironment.channelID, universalLinkURL: universalLink, platform: platform.platform,
            tokenStore: MemoryTokenStore(), transport: platform, userAgent: inConfiguration ? agent : nil, bundleIdentifier: bundleID)
        return Setup(platform: platform, manager: try LoginManager(configuration: configuration), agent: agent, opened: opened)
    }

    @Test func callbackShapesAreRecognised() async throws {
        let setup = try await Self.makeSetup(redirect: Self.customScheme)
        let manager = setup.manager
        #expect(manager.configuration?.customSchemeCallbackURL == Self.customScheme)
        #expect(manager.isLoginCallback(URL(string: "line3rdp.com.example.lineapp://authorize/?code=abc&state=def")!))
        #expect(manager.isLoginCallback(URL(string: "line3rdp.com.example.lineapp://authorize?code=abc&state=def")!))
        #expect(manager.isLoginCallback(URL(string: "https://app.example.com/line-auth/?code=abc&state=def")!))
        #expect(!manager.isLoginCallback(URL(string: "line3rdp.com.other.app://authorize/?code=abc&state=def")!))
        #expect(!manager.isLoginCallback(URL(string: "line3rdp.com.example.lineapp://share/?code=abc&state=def")!))
        #expect(!manager.isLoginCallback(URL(string: "https://app.example.com/other/?code=abc&state=def")!))
        #expect(!manager.isLoginCallback(URL(string: "https://evil.example.com/line-auth/?code=abc&state=def")!))
        #expect(!manager.isLoginCallback(URL(string: "myapp://authorize/?code=abc&state=def")!))
    }

    @Test func customSchemeCallbackCompletesTheLogin() async throws {
        let setup = try await Self.makeSetup(redirect: Self.customScheme)
        let login = Task {
            await outcome { () async throws(LineSDKError) in try await setup.manager.login(permissions: [.profile, .openID]) }
        }
        let authorizationURL = try #require(await setup.nextOpened())
        #expect(FakeUserAgent.query(authorizationURL)["redirect_uri"] == Self.customScheme.absoluteString)
        #expect(setup.agent.isWaiting)

        // Unrelated URLs are not taken and don't disturb the waiting login.
        #expect(!setup.manager.application(open: URL(string: "https://example.com/news?code=x&state=y")!))
        #expect(!setup.manager.handleCallbackURL(URL(string: "line3rdp.com.other.app://authorize/?code=x&state=y")!))
        #expect(!setup.manager.application(open: nil))
        #expect(setup.agent.isWaiting)

        let callback = try await setup.approve(authorizationURL)
        #expect(callback.absoluteString.hasPrefix("line3rdp.com.example.lineapp://authorize/?code="))
        #expect(setup.manager.application(open: callback, options: [:]))
        let result = try await login.value.get()
        #expect(result.userProfile?.userID == EmulatedLine.defaultUser.userID)
        #expect(setup.manager.isAuthorized)
        #expect(setup.platform.codeExchanges.first?.field("redirect_uri") == Self.customScheme.absoluteString)

        // The login is over: the same callback is not taken again.
        #expect(!setup.manager.handleCallbackURL(callback))
    }

    @Test func universalLinkCallbackCompletesTheLogin() async throws {
        let setup = try await Self.makeSetup(redirect: Self.universalLink)
        let login = Task { await outcome { () async throws(LineSDKError) in try await setup.manager.login(permissions: [.profile]) } }
        let authorizationURL = try #require(await setup.nextOpened())
        #expect(FakeUserAgent.query(authorizationURL)["redirect_uri"] == Self.universalLink.absoluteString)
        #expect(setup.manager.handleCallbackURL(try await setup.approve(authorizationURL)))
        let result = try await login.value.get()
        #expect(result.userProfile != nil)
    }

    @Test func callbackAgentPassedPerLoginReceivesTheCallback() async throws {
        let setup = try await Self.makeSetup(redirect: Self.customScheme, inConfiguration: false)
        let context = UserAgentContext(setup.agent)
        let login = Task {
            await outcome { () async throws(LineSDKError) in try await setup.manager.login(permissions: [.profile], in: context) }
        }
        let authorizationURL = try #require(await setup.nextOpened())
        #expect(setup.manager.application(open: try await setup.approve(authorizationURL)))
        _ = try await login.value.get()
        #expect(setup.manager.isAuthorized)
    }

    @Test func callbackWithAnotherStateIsAStateMismatch() async throws {
        let setup = try await Self.makeSetup(redirect: Self.customScheme)
        let login = Task { await outcome { () async throws(LineSDKError) in try await setup.manager.login(permissions: [.profile]) } }
        let authorizationURL = try #require(await setup.nextOpened())
        #expect(setup.manager.application(open: try await setup.approve(authorizationURL, state: "forged-state-value")))
        let error = await capture { () async throws(LineSDKError) in try await login.value.get() }
        #expect(error?.isResponseStateMismatch == true)
        #expect(setup.platform.count(EmulatedLine.Paths.token) == 0)
    }

    @Test func cancelledCallbackLoginIsForceStopped() async throws {
        let setup = try await Self.makeSetup(redirect: Self.customScheme)
        let login = Task { await outcome { () async throws(LineSDKError) in try await setup.manager.login(permissions: [.profile]) } }
        _ = try #require(await setup.nextOpened())
        login.cancel()
        let error = await capture { () async throws(LineSDKError) in try await login.value.get() }
        #expect(error?.isForceStopped == true)
        #expect(!setup.agent.isWaiting)
    }

    /// Checklist: "Accept it only while a login for that redirect URI is pending". A login waiting on the
    /// universal link must not be handed (and killed by) a custom-scheme URL, which any app can open.
    @Test func callbackForAnotherRedirectURIDoesNotEndTheWaitingLogin() async throws {
        let setup = try await Self.makeSetup(redirect: Self.universalLink)
        let login = Task { await outcome { () async throws(LineSDKError) in try await setup.manager.login(permissions: [.profile]) } }
        let authorizationURL = try #require(await setup.nextOpened())
        let state = try #require(FakeUserAgent.query(authorizationURL)["state"])
        let stray = URL(string: "line3rdp.com.example.lineapp://authorize/?code=stray-code&state=\(state)")!
        let taken = setup.manager.handleCallbackURL(stray)
        #expect(!taken)
        #expect(setup.agent.isWaiting)
        if taken {
            // The login already ended; report how.
            let error = await capture { () async throws(LineSDKError) in try await login.value.get() }
            guard case .authorizeFailed(reason: .malformedRedirectURL)? = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
        } else {
            #expect(setup.manager.handleCallbackURL(try await setup.approve(authorizationURL)))
            _ = try await login.value.get()
        }
        #expect(setup.platform.count(EmulatedLine.Paths.token) <= 1)
    }

    @Test func callbackWithoutWaitingLoginIsNotTaken() async throws {
        let setup = try await Self.makeSetup(redirect: Self.customScheme)
        #expect(!setup.manager.handleCallbackURL(URL(string: "line3rdp.com.example.lineapp://authorize/?code=a&state=b")!))
        #expect(!setup.agent.deliver(URL(string: "line3rdp.com.example.lineapp://authorize/?code=a&state=b")!))
    }
}
#endif
