import Foundation
import OAuthEngine
import LineLoginPrimitives

/// A running login: ``LoginManager/currentProcess`` while it runs, returned by the completion-handler form
/// of `login` so the app can stop it.
public final class LoginProcess: Sendable {
    /// How the login reached the user, as LINE's SDK names the routes.
    public enum LoginRoute: String, Sendable {
        /// The LINE app, opened by its universal link.
        case appUniversalLink
        /// The LINE app, opened by its `lineauth2://` scheme.
        case appAuthScheme
        /// LINE's web login page in a browser.
        case webLogin
    }

    /// The login's state, in one value behind one lock, so that `stop()` and `attach` see each other: a
    /// session attached after a stop is cancelled, and a stop after an attach cancels that session.
    private struct State: Sendable {
        var task: Task<Void, Never>?
        var agentSession: (any UserAgentSession)?
        var route: LoginRoute?
        var stopped = false
        /// Set when a newer login replaced this one, so its caller learns why it ended.
        var discarded = false
    }

    private let state = LockedValue(State())

    init() {}

    /// The route the login took, once it started showing it; `nil` before.
    public var loginRoute: LoginRoute? { state.current.route }

    func attach(_ task: Task<Void, Never>) { state.withLock { $0.task = task } }

    func attach(_ session: any UserAgentSession, route: LoginRoute?) {
        let stopped = state.withLock { state -> Bool in
            state.agentSession = session
            if let route { state.route = route }
            return state.stopped
        }
        // Stopped before the page was shown: the session must not show it. (Cancelled outside the lock: a
        // session's cancel runs code this type doesn't know.)
        if stopped { session.cancel() }
    }

    func report(_ route: LoginRoute) {
        state.withLock { $0.route = route }
    }

    /// Stops the login; its completion handler gets `authorizeFailed(.forceStopped)`.
    public func stop() {
        let (session, task) = state.withLock { state in
            state.stopped = true
            return (state.agentSession, state.task)
        }
        session?.cancel()
        task?.cancel()
    }

    /// Stops the login because a newer one replaced it: its caller gets `generalError(.processDiscarded)`.
    func discard() {
        state.withLock { $0.discarded = true }
        stop()
    }

    var wasDiscarded: Bool { state.current.discarded }
}
