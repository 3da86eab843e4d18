#if Emulator
@testable import ClientTestSupport
import Foundation
import OAuthEngine
import LineLoginPrimitives
import LineLoginTesting

/// The app's browser, scripted: it shows the authorization URL to the emulator (a user signs in and allows, over
/// HTTP) and hands back LINE's redirect, or plays what a person, a failed auto login or an attacker does instead
/// (another `state`, an error, no answer, a swapped nonce).
final class FakeUserAgent: UserAgent, Sendable {
    enum Outcome: Sendable {
        /// The user logs in: `<redirect_uri>?code=…&state=…`.
        case approve
        /// A valid code with another state (LINE's failed auto login, or a CSRF attempt).
        case wrongState
        /// `<redirect_uri>?error=…&state=…`.
        case error(String, description: String?)
        /// Never redirects; ends only when the session is cancelled.
        case hang
        /// Redirects with the fields built from the authorization request's query (and a code issued for it,
        /// passed as the second argument).
        case custom(@Sendable (_ query: [String: String], _ code: String) -> [(String, String)])
    }

    static let defaultRedirect = URL(string: "https://app.line.test/line-callback")!

    let platform: EmulatedLine
    let defaultRedirectURI: URL
    private let settings:
        Locked<
            (outcome: Outcome, friendshipStatusChanged: Bool?, extra: [(String, String)], tamperedNonce: String?)
        >
    private let received = Locked<[URL]>([])
    private let redirectURIs = Locked<[URL?]>([])
    private let presentedStream: AsyncStream<URL>
    private let presentedContinuation: AsyncStream<URL>.Continuation

    init(platform: EmulatedLine, outcome: Outcome = .approve, redirectURI: URL = FakeUserAgent.defaultRedirect) {
        self.platform = platform
        defaultRedirectURI = redirectURI
        settings = Locked((outcome, nil, [], nil))
        (presentedStream, presentedContinuation) = AsyncStream<URL>.makeStream()
    }

    // MARK: Script

    var outcome: Outcome {
        get { settings.current.outcome }
        set { settings.withLock { $0.outcome = newValue } }
    }

    /// Adds `friendship_status_changed=<value>` to a successful redirect.
    var friendshipStatusChanged: Bool? {
        get { settings.current.friendshipStatusChanged }
        set { settings.withLock { $0.friendshipStatusChanged = newValue } }
    }

    /// The nonce an attacker puts in the authorization URL before LINE sees it (LINE then signs an ID token
    /// with it, which the app must refuse).
    var tamperedNonce: String? {
        get { settings.current.tamperedNonce }
        set { settings.withLock { $0.tamperedNonce = newValue } }
    }

    /// More parameters for a successful redirect.
    var extraRedirectParameters: [(String, String)] {
        get { settings.current.extra }
        set { settings.withLock { $0.extra = newValue } }
    }

    // MARK: Inspection

    /// Every authorization URL this agent was asked to show.
    var authorizationURLs: [URL] { received.current }
    /// The query of the last authorization URL.
    var lastQuery: [String: String] { authorizationURLs.last.map(Self.query) ?? [:] }
    /// The redirect URIs the SDK passed to `beginSession`.
    var requestedRedirectURIs: [URL?] { redirectURIs.current }

    /// Waits until the next authorization URL is shown.
    func nextPresentation() async -> URL? {
        var iterator = presentedStream.makeAsyncIterator()
        return await iterator.next()
    }

    static func query(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// `<redirect>?<fields>` (form encoded).
    static func redirect(_ redirect: URL, _ fields: [(String, String)]) -> URL {
        var components = URLComponents(url: redirect, resolvingAgainstBaseURL: false)!
        let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
        components.percentEncodedQuery = existing + FormEncoding.encode(fields)
        return components.url!
    }

    // MARK: UserAgent

    func beginSession(redirectURI: URL?) async throws(UserAgentError) -> any UserAgentSession {
        redirectURIs.withLock { $0.append(redirectURI) }
        return Session(agent: self, redirectURI: redirectURI ?? defaultRedirectURI)
    }

    fileprivate func respond(to url: URL, redirectURI: URL) async throws(UserAgentError) -> URL? {
        received.withLock { $0.append(url) }
        presentedContinuation.yield(url)
        let query = Self.query(url)
        let state = query["state"] ?? ""
        let redirect = query["redirect_uri"].flatMap(URL.init(string:)) ?? redirectURI
        let settings = self.settings.current
        /// The emulator's answer to the authorization URL (a user signs in and allows), as redirect fields.
        func authorize() async throws(UserAgentError) -> (code: String?, fields: [(String, String)]) {
            var shown = url
            if let nonce = settings.tamperedNonce, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
                components.queryItems = components.queryItems?.map { $0.name == "nonce" ? URLQueryItem(name: "nonce", value: nonce) : $0 }
                shown = components.url ?? url
            }
            return try await platform.approve(shown, redirectURI: redirect)
        }
        switch settings.outcome {
        case .approve:
            var fields = try await authorize().fields
            if let changed = settings.friendshipStatusChanged {
                fields.removeAll { $0.0 == "friendship_status_changed" }
                fields.append(("friendship_status_changed", changed ? "true" : "false"))
            }
            fields += settings.extra
            return Self.redirect(redirect, fields)
        case .wrongState:
            let answer = try await authorize()
            // LINE refused the request itself: its error redirect goes back as it is.
            guard let code = answer.code else { return Self.redirect(redirect, answer.fields) }
            return Self.redirect(redirect, [("code", code), ("state", "tampered" + state.dropFirst(8))])
        case .error(let error, let description):
            var fields = [("error", error)]
            if let description { fields.append(("error_description", description)) }
            fields.append(("state", state))
            return Self.redirect(redirect, fields)
        case .hang:
            return nil
        case .custom(let fields):
            let answer = try await authorize()
            guard let code = answer.code else { return Self.redirect(redirect, answer.fields) }
            return Self.redirect(redirect, fields(query, code))
        }
    }

    private final class Session: UserAgentSession, Sendable {
        let agent: FakeUserAgent
        let redirectURI: URL
        private let waiter = Locked<(continuation: CheckedContinuation<Void, Never>?, cancelled: Bool)>((nil, false))

        init(agent: FakeUserAgent, redirectURI: URL) {
            self.agent = agent
            self.redirectURI = redirectURI
        }

        func present(_ authorizationURL: URL) async throws(UserAgentError) -> URL {
            if let callback = try await agent.respond(to: authorizationURL, redirectURI: redirectURI) { return callback }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = waiter.withLock { state -> Bool in
                        if state.cancelled { return true }
                        state.continuation = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                self.cancel()
            }
            throw .cancelled
        }

        func cancel() {
            let continuation = waiter.withLock { state -> CheckedContinuation<Void, Never>? in
                state.cancelled = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume()
        }
    }
}
#endif
