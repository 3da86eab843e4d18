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

    private let task = LockedValue<Task<Void, Never>?>(nil)
    private let agentSession = LockedValue<(any UserAgentSession)?>(nil)
    private let route = LockedValue<LoginRoute?>(nil)
    private let stopped = LockedValue(false)
    // Set when a newer login replaced this one, so its caller learns why it ended.
    private let discarded = LockedValue(false)

    init() {}

    /// The route the login took, once it started showing it; `nil` before.
    public var loginRoute: LoginRoute? { route.current }

    func attach(_ task: Task<Void, Never>) { self.task.withLock { $0 = task } }

    func attach(_ session: any UserAgentSession, route: LoginRoute?) {
        agentSession.withLock { $0 = session }
        if let route { report(route) }
        // Stopped before the page was shown: the session must not show it.
        if stopped.current { session.cancel() }
    }

    func report(_ route: LoginRoute) {
        self.route.withLock { $0 = route }
    }

    /// Stops the login; its completion handler gets `authorizeFailed(.forceStopped)`.
    public func stop() {
        stopped.withLock { $0 = true }
        agentSession.current?.cancel()
        task.current?.cancel()
    }

    /// Stops the login because a newer one replaced it: its caller gets `generalError(.processDiscarded)`.
    func discard() {
        discarded.withLock { $0 = true }
        stop()
    }

    var wasDiscarded: Bool { discarded.current }
}
