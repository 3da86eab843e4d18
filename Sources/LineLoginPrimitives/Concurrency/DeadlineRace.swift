import Foundation

/// How a race between an operation and its deadline ended.
package enum DeadlineOutcome<Value: Sendable, Failure: Error>: Sendable {
    /// The operation ended first, with this result.
    case finished(Result<Value, Failure>)
    /// The deadline passed first; the operation was cancelled and left to end on its own.
    case timedOut
    /// The calling task was cancelled first; the operation was cancelled and left to end on its own.
    case cancelled
}

/// The package's one "first of operation, deadline, caller's cancellation" racer: OAuthEngine's
/// `ExchangeDeadline` (the URLSession and AsyncHTTPClient transports) and the PostgreSQL stores'
/// `OperationDeadline` run on it; nothing else in the package races a deadline.
///
/// The operation runs in its own task and races a timer; the first to finish answers, and the loser is
/// cancelled and never waited for. (A task group would wait for its cancelled child, and so for a
/// client that reacts late to cancellation — URLSession on Linux, PostgresNIO's pool waiting for a
/// connection: the deadline would again be theirs.) A caller that is cancelled is answered at once.
package enum DeadlineRace {
    /// Runs `operation` against a deadline `timeout` from now. A `timeout` of zero or less times out at
    /// once: a broken deadline fails closed.
    package static func run<Value: Sendable, Failure: Error>(
        timeout: Duration, _ operation: @escaping @Sendable () async throws(Failure) -> Value
    ) async -> DeadlineOutcome<Value, Failure> {
        let outcome = FirstOutcome<DeadlineOutcome<Value, Failure>>()
        let work = Task {
            do throws(Failure) { outcome.settle(.finished(.success(try await operation()))) } catch {
                outcome.settle(.finished(.failure(error)))
            }
        }
        let timer = Task {
            if timeout > .zero { try? await Task.sleep(for: timeout) }
            if !Task.isCancelled { outcome.settle(.timedOut) }
        }
        let result = await withTaskCancellationHandler {
            await outcome.value()
        } onCancel: {
            outcome.settle(.cancelled)
        }
        work.cancel()
        timer.cancel()
        return result
    }
}

/// The first of several competing values; later ones are dropped. One caller awaits it.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private struct State: Sendable {
        var value: Value?
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = LockedValue(State())

    /// Records `value` unless one was recorded already, and wakes the waiter.
    func settle(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    /// The first value, once there is one.
    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Value? in
                if let value = state.value { return value }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
