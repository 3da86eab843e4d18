#if CLI
import OAuthEngine
import LineLoginPrimitives

/// What a ``SignalWatcher``'s signal cancels, set after the watcher is armed: a signal that comes before
/// the work exists (Ctrl-C as soon as a login prints its prompt) is kept and cancels the work when it is set,
/// instead of finding the default action (terminate) because the watcher was not armed yet.
final class SignalCancellation: Sendable {
    private struct State: Sendable {
        var fired = false
        var action: (@Sendable () -> Void)?
    }

    private let state = LockedValue(State())

    /// The watcher's handler: runs the action, or keeps the signal for it.
    func fire() {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            state.fired = true
            return state.action
        }
        action?()
    }

    /// What a signal does from now on; runs at once if a signal came already.
    func cancel(with action: @escaping @Sendable () -> Void) {
        let firedAlready = state.withLock { state -> Bool in
            state.action = action
            return state.fired
        }
        if firedAlready { action() }
    }
}
#endif
