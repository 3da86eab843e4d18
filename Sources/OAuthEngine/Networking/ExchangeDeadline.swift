import Foundation

/// A deadline for a whole HTTP exchange that holds whatever the transport underneath does.
///
/// URLSession on Linux does not keep `URLRequest.timeoutInterval` as a deadline: a server that
/// accepts and never answers held a call for 60 s, one trickling a byte at a time for 121 s. So the
/// exchange runs in its own task and races a timer; the first to finish answers, and the loser is
/// cancelled and never waited for. (A task group would wait for its cancelled child, and so for a
/// transport that reacts late to cancellation: the deadline would again be the transport's.)
enum ExchangeDeadline {
    /// The longest deadline armed, a year: longer values (and infinity) mean "no practical deadline"
    /// without overflowing the timer.
    static let longest: TimeInterval = 365 * 86_400

    /// The result of `exchange`, or ``TransportError/timedOut`` once `seconds` have passed, or
    /// ``TransportError/cancelled`` as soon as the calling task is cancelled. A `seconds` that is
    /// NaN, zero or negative times out at once: a broken deadline fails closed.
    static func run<Value: Sendable>(
        seconds: TimeInterval, _ exchange: @escaping @Sendable () async throws(TransportError) -> Value
    ) async throws(TransportError) -> Value {
        let outcome = FirstOutcome<Value>()
        let work = Task {
            do throws(TransportError) { outcome.settle(.success(try await exchange())) } catch { outcome.settle(.failure(error)) }
        }
        let timer = Task {
            let nanoseconds = seconds > 0 ? UInt64(min(seconds, longest) * 1e9) : 0
            try? await Task.sleep(nanoseconds: nanoseconds)
            if !Task.isCancelled { outcome.settle(.failure(.timedOut)) }
        }
        let result = await withTaskCancellationHandler {
            await outcome.value()
        } onCancel: {
            outcome.settle(.failure(.cancelled))
        }
        work.cancel()
        timer.cancel()
        return try result.get()
    }
}

/// The first of several competing results; later ones are dropped. One caller awaits it.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private struct State: Sendable {
        var result: Result<Value, TransportError>?
        var waiter: CheckedContinuation<Result<Value, TransportError>, Never>?
    }

    private let state = LockedValue(State())

    /// Records `result` unless one was recorded already, and wakes the waiter.
    func settle(_ result: Result<Value, TransportError>) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Value, TransportError>, Never>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: result)
    }

    /// The first result, once there is one.
    func value() async -> Result<Value, TransportError> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<Value, TransportError>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
