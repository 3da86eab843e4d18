#if PostgreSQL && Emulator
import Foundation
import OAuthEngine
import Testing
import LineLoginPrimitives

@testable import LineLoginPostgres

/// A monotonic clock the test moves by hand, so a store's pause ends when the test says, not when the
/// machine gets round to it.
final class ManualClock: MonotonicClock {
    private let start = ContinuousClock.now
    private let offset = LockedValue<Duration>(.zero)

    var now: ContinuousClock.Instant { start + offset.current }

    func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }
}

/// Holds the operations that wait on it until the test opens it; the wait ignores cancellation, as a
/// query waiting for a connection in PostgresNIO's pool does.
final class Gate: Sendable {
    private struct State: Sendable {
        var open = false
        var arrived = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    /// How many operations have reached the gate so far.
    var arrived: Int { state.withLock { $0.arrived } }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state -> Bool in
                state.arrived += 1
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Waits until `condition` holds, checking every 10 ms, at most `checks` times; records an issue if it
/// never does. (A wait for an event the test caused, never a bound on how long it took.)
func eventually(_ what: Comment, checks: Int = 3_000, _ condition: () -> Bool) async {
    for _ in 0..<checks {
        if condition() { return }
        try? await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("never: \(what)")
}

/// The failures a deadline reported, in order.
final class ReportedFailures: Sendable {
    private let reasons = LockedValue<[OperationDeadline.Failure]>([])

    var all: [OperationDeadline.Failure] { reasons.current }

    func count(_ reason: OperationDeadline.Failure) -> Int { all.filter { $0 == reason }.count }

    var report: @Sendable (OperationDeadline.Failure, PostgresStoreError) -> Void {
        { reason, _ in self.reasons.withLock { $0.append(reason) } }
    }
}
#endif
