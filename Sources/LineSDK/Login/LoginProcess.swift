import Foundation
import OAuthEngine

/// A running login, returned by the completion-handler form of `login` so the app can stop it.
public final class LoginProcess: Sendable {
    private let task = LockedValue<Task<Void, Never>?>(nil)
    private let agentSession = LockedValue<(any UserAgentSession)?>(nil)

    init() {}

    func attach(_ task: Task<Void, Never>) { self.task.withLock { $0 = task } }
    func attach(_ session: any UserAgentSession) { agentSession.withLock { $0 = session } }

    /// Stops the login; its completion handler gets `authorizeFailed(.forceStopped)`.
    public func stop() {
        agentSession.current?.cancel()
        task.current?.cancel()
    }
}
