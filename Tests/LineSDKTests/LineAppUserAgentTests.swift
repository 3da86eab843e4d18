import Foundation
@testable import LineSDK
import OAuthEngine
import Testing
import LineLoginPrimitives

/// A login that fell back to the web closes that web login when it ends, however it ends.
@Suite(.timeLimit(.minutes(1))) struct LineAppUserAgentTests {
    /// No LINE app: every route falls through to the web.
    struct NoLineApp: LineAppOpener {
        func openUniversalLink(_ url: URL) async -> Bool { false }
        func canOpen(_ url: URL) async -> Bool { false }
        func open(_ url: URL) async -> Bool { false }
    }

    /// A web login that stays on screen until it is cancelled, and counts its sessions and cancellations.
    final class HangingWebLogin: UserAgent, Sendable {
        let shown = AsyncStream.makeStream(of: Void.self)
        let cancelled = LockedValue(0)
        private let waiting = LockedValue<CheckedContinuation<URL, any Error>?>(nil)

        func beginSession(redirectURI: URL?) async throws -> any UserAgentSession {
            Session(owner: self, redirectURI: redirectURI ?? URL(filePath: "/"))
        }

        struct Session: UserAgentSession {
            let owner: HangingWebLogin
            let redirectURI: URL
            func present(_ authorizationURL: URL) async throws -> URL {
                try await withCheckedThrowingContinuation { continuation in
                    owner.waiting.withLock { $0 = continuation }
                    owner.shown.continuation.yield()
                }
            }
            func cancel() {
                owner.cancelled.withLock { $0 += 1 }
                owner.waiting.withLock { waiting -> CheckedContinuation<URL, any Error>? in
                    defer { waiting = nil }
                    return waiting
                }?.resume(throwing: UserAgentError.cancelled)
            }
        }
    }

    /// LeakSanitizer found each agent's waiter kept alive by a cycle (the box held the waiter, whose
    /// callback closure held the box).
    @Test func anAgentFreesItsWaiter() async throws {
        weak var waiter: CallbackURLUserAgent?
        do {
            let agent = try agent(HangingWebLogin())
            let session = try await agent.beginSession(redirectURI: nil)
            waiter = agent.currentWaiter
            #expect(waiter != nil)
            session.cancel()
        }
        #expect(waiter == nil, "the waiter outlived its agent")
    }

    private func agent(_ web: HangingWebLogin) throws -> LineAppUserAgent {
        LineAppUserAgent(
            callbackURL: try #require(URL(string: "line3rdp.com.example.app://authorize/")), universalLinkURL: nil,
            appLoginURL: try #require(URL(string: "https://access-auto.line.test/oauth2/v2.1/login")),
            channelID: "1234567890", language: nil, onlyWebLogin: false, opener: NoLineApp(), webLogin: web)
    }

    private static let authorization = URL(string: "https://access.line.test/oauth2/v2.1/authorize?state=s&client_id=1234567890")!

    private static func untilShown(_ web: HangingWebLogin) async {
        for await _ in web.shown.stream { return }
    }

    @Test func cancellingTheSessionClosesTheWebLogin() async throws {
        let web = HangingWebLogin()
        // The app keeps its agent (LoginManager does); the agent holds itself only weakly.
        let agent = try agent(web)
        let session = try await agent.beginSession(redirectURI: nil)
        let login = Task { try await session.present(Self.authorization) }
        await Self.untilShown(web)
        session.cancel()
        await #expect(throws: UserAgentError.cancelled) { try await login.value }
        #expect(web.cancelled.current >= 1, "the web login is still on screen")
        withExtendedLifetime(agent) {}
    }

    @Test func cancellingTheTaskClosesTheWebLogin() async throws {
        let web = HangingWebLogin()
        // The app keeps its agent (LoginManager does); the agent holds itself only weakly.
        let agent = try agent(web)
        let session = try await agent.beginSession(redirectURI: nil)
        let login = Task { try await session.present(Self.authorization) }
        await Self.untilShown(web)
        login.cancel()
        await #expect(throws: UserAgentError.cancelled) { try await login.value }
        #expect(web.cancelled.current >= 1, "the web login is still on screen")
        withExtendedLifetime(agent) {}
    }
}
