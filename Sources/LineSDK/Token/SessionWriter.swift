import OAuthEngine

/// The one way LINE's API writes to a manager's session: the assignments to ``AccessTokenStore/current``,
/// the logins and the logouts, handed to the session one at a time in the order they were made.
///
/// `current`'s setter is synchronous and the session is an actor, so every assignment used to start a task
/// of its own, and two quick assignments could reach the session in either order. Here they queue on one
/// stream that one task drains: the session ends with the last assignment, and the mirror learns when it
/// has (``AccessTokenStore`` drops the session's reports while an assignment is still on its way).
final class SessionWriter: Sendable {
    enum Command: Sendable {
        /// An assignment to `current` (`nil` clears the session locally), with the mirror's stamp for it.
        case assign(AccessToken?, stamp: UInt64)
        /// A login's tokens, and who waits for them to be the session.
        case replace(TokenSet, done: CheckedContinuation<Void, Never>)
        /// Nothing to write: wakes its waiter once everything queued before it was written.
        case barrier(CheckedContinuation<Void, Never>)
        /// Work that writes to the session on its own (a logout: revoke, then clear), run with nothing else
        /// written meanwhile.
        case perform(@Sendable () async -> Void)
    }

    private let stream: AsyncStream<Command>
    private let continuation: AsyncStream<Command>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Command>.makeStream(bufferingPolicy: .unbounded)
    }

    deinit {
        // The session's task ends once it has written what was queued.
        continuation.finish()
    }

    /// Starts writing to `session`; `applied` is told each assignment's stamp once the session holds it.
    /// Commands queued before the start wait for it.
    func start(writingTo session: CredentialSession, applied: @escaping @Sendable (UInt64) -> Void) {
        // The task holds the stream and the session, never this writer: releasing the writer finishes the
        // stream, which ends the task.
        Task { [stream] in
            for await command in stream {
                switch command {
                case .assign(let token, let stamp):
                    if let token { await session.replace(with: token.tokens) } else { await session.clear() }
                    applied(stamp)
                case .replace(let tokens, let done):
                    await session.replace(with: tokens)
                    done.resume()
                case .barrier(let done):
                    done.resume()
                case .perform(let body):
                    await body()
                }
            }
        }
    }

    /// Queues an assignment. The mirror calls it under its lock, so the queue's order is the stamps' order.
    func enqueue(_ token: AccessToken?, stamp: UInt64) {
        continuation.yield(.assign(token, stamp: stamp))
    }

    /// Makes `tokens` the session after everything queued before, and returns once it is.
    func replace(with tokens: TokenSet) async {
        await withCheckedContinuation { done in
            if case .terminated = continuation.yield(.replace(tokens, done: done)) { done.resume() }
        }
    }

    /// Runs `body` once everything queued before the call has been written to the session, and writes
    /// nothing queued after the call until `body` has returned: a logout signs out the token assigned
    /// last before it, and an assignment made while it runs is not undone by its clear.
    func perform<Outcome: Sendable>(_ body: @escaping @Sendable () async -> Outcome) async -> Outcome {
        let queued = await withCheckedContinuation { (done: CheckedContinuation<Outcome?, Never>) in
            let command = Command.perform { done.resume(returning: await body()) }
            if case .terminated = continuation.yield(command) { done.resume(returning: nil) }
        }
        if let queued { return queued }
        // The writer's task has ended (the stream finishes only in deinit, so not while a caller holds the
        // writer): nothing else writes to the session now.
        return await body()
    }

    /// Returns once everything queued before the call has been written to the session.
    func drain() async {
        await withCheckedContinuation { done in
            if case .terminated = continuation.yield(.barrier(done)) { done.resume() }
        }
    }
}
