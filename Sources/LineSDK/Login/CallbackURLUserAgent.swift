public import Foundation
public import OAuthEngine
import LineLoginPrimitives

/// A user agent whose redirect comes back through the app: a universal link or the
/// `line3rdp.<bundle id>://authorize/` scheme, delivered by `LoginManager.application(_:open:options:)`.
/// It opens the authorization URL with `open` (e.g. `UIApplication.open`) and waits for ``deliver(_:)``.
public final class CallbackURLUserAgent: UserAgent, CallbackReceiving, Sendable {
    private let redirect: URL
    private let alternates: [URL]
    private let opener: @Sendable (URL) -> Void
    private let state = LockedValue(State())

    /// The attempt waiting for its callback, and the last attempt numbered.
    private struct State: Sendable {
        var waiting: Waiting?
        var lastAttempt: UInt64 = 0
    }

    /// The attempt waiting for its callback. `attempt` names the session, so ending a session ends its
    /// own attempt only, never a newer one.
    private struct Waiting: Sendable {
        let continuation: CheckedContinuation<URL, any Error>
        let redirectURI: URL
        let attempt: UInt64
    }

    /// - Parameters:
    ///   - redirectURI: the registered callback (universal link or custom scheme).
    ///   - alternates: other callbacks of the same attempt (LINE's `optional_redirect_uri` universal link):
    ///     one arriving there is handed back as if it had come to the waiting redirect URI.
    ///   - open: shows the authorization URL (system browser, in-app browser).
    public init(redirectURI: URL, alternates: [URL] = [], open: @escaping @Sendable (URL) -> Void) {
        redirect = redirectURI
        self.alternates = alternates
        opener = open
    }

    /// Starts an attempt whose redirect URI is the registered callback.
    public func beginSession(redirectURI: URL?) async throws(UserAgentError) -> any UserAgentSession {
        Session(agent: self, redirectURI: redirectURI ?? redirect, attempt: nextAttempt())
    }

    private func nextAttempt() -> UInt64 {
        state.withLock { state in
            state.lastAttempt += 1
            return state.lastAttempt
        }
    }

    /// Hands a callback URL to the waiting login; `false` when no login is waiting or the URL is not a
    /// redirect to that login's redirect URI (another app may open any URL: it must not end the login).
    @discardableResult
    public func deliver(_ url: URL) -> Bool {
        let alternates = alternates
        let delivered = state.withLock { state -> (Waiting, URL)? in
            guard let current = state.waiting,
                let callback = Self.callback(url, redirectURI: current.redirectURI, alternates: alternates)
            else {
                return nil
            }
            state.waiting = nil
            return (current, callback)
        }
        guard let (ended, callback) = delivered else { return false }
        ended.continuation.resume(returning: callback)
        return true
    }

    /// `url` as a callback to `redirectURI`: itself, or, when it came to an alternate, the same query on
    /// `redirectURI`; `nil` when it is neither.
    static func callback(_ url: URL, redirectURI: URL, alternates: [URL]) -> URL? {
        if AuthorizationResponse.matches(url, redirectURI: redirectURI) { return url }
        guard alternates.contains(where: { AuthorizationResponse.matches(url, redirectURI: $0) }),
            var components = URLComponents(url: redirectURI, resolvingAgainstBaseURL: false)
        else { return nil }
        components.percentEncodedQuery = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        return components.url
    }

    /// Ends the waiting attempt with `error` (e.g. the fallback that was to produce the callback failed);
    /// with `attempt`, only when that attempt is the one waiting.
    func fail(_ error: UserAgentError, attempt: UInt64? = nil) {
        let ended = state.withLock { state -> Waiting? in
            guard let current = state.waiting, attempt == nil || attempt == current.attempt else { return nil }
            state.waiting = nil
            return current
        }
        ended?.continuation.resume(throwing: error)
    }

    /// Whether a login is waiting for its callback.
    public var isWaiting: Bool {
        state.withLock { $0.waiting != nil }
    }

    fileprivate func wait(opening url: URL, redirectURI: URL, attempt: UInt64) async throws(UserAgentError) -> URL {
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
                    let previous = state.withLock { state -> Waiting? in
                        defer { state.waiting = Waiting(continuation: continuation, redirectURI: redirectURI, attempt: attempt) }
                        return state.waiting
                    }
                    previous?.continuation.resume(throwing: UserAgentError.cancelled)
                    // Cancelled before the continuation was installed: the handler found nothing to cancel,
                    // so nothing may be opened now.
                    if Task.isCancelled {
                        fail(.cancelled, attempt: attempt)
                        return
                    }
                    opener(url)
                }
            } onCancel: {
                self.cancelWaiting(attempt: attempt)
            }
        } catch let error as UserAgentError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    fileprivate func cancelWaiting(attempt: UInt64) {
        fail(.cancelled, attempt: attempt)
    }

    private struct Session: UserAgentSession {
        let agent: CallbackURLUserAgent
        let redirectURI: URL
        let attempt: UInt64
        func present(_ authorizationURL: URL) async throws(UserAgentError) -> URL {
            try await agent.wait(opening: authorizationURL, redirectURI: redirectURI, attempt: attempt)
        }
        func cancel() { agent.cancelWaiting(attempt: attempt) }
    }
}

/// An agent whose callback comes back through the app (`LoginManager.application(_:open:options:)`).
protocol CallbackReceiving: Sendable {
    /// Hands `url` to the waiting attempt; `false` when none waits for it.
    func deliver(_ url: URL) -> Bool
}
