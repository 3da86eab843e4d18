#if PostgreSQL
import OAuthEngine
import LineLoginPrimitives

/// The operation deadline of every PostgreSQL store, and the pause that keeps an outage cheap.
///
/// Each operation races ``Policy/timeout`` and its caller's cancellation on the package's one racer
/// (`DeadlineRace`); whichever ends first answers. PostgresNIO's pool does not give up a query waiting for
/// a connection when its task is cancelled (with the database down it waited 67 s), so an operation that
/// lost the race is *abandoned*: left to end on its own, and counted until it does. Then:
///
/// - an error the server answered about one request (a constraint, a lock wait past `lock_timeout`)
///   fails that request alone;
/// - a connection- or pool-level failure, or ``Policy/timeoutsBeforePause`` timeouts in a row (no
///   answer between them), *pauses* the store for ``Policy/pause``: operations then fail at once instead
///   of each waiting out the deadline;
/// - after the pause one operation probes the database while the others keep failing at once
///   (half-open); its answer resumes service, or its failure starts another pause;
/// - while ``Policy/abandonedLimit`` abandoned operations are still waiting in the pool, more are
///   refused at once rather than piling up.
///
/// The pause is measured on a monotonic clock. Every failure is told to the store (``Failure``), which
/// logs and counts it.
final class OperationDeadline: Sendable {
    /// How an operation failed (the `reason` of `line_login_store_failures_total`).
    enum Failure: String, Sendable, CaseIterable {
        /// The database did not answer within the deadline.
        case timedOut = "timeout"
        /// The database (or the way to it) answered with an error.
        case failed = "error"
        /// A lock wait passed `lock_timeout`: another request of the same client held it.
        case lockTimeout = "lock_timeout"
        /// Not tried: the store is paused, or its probe is under way.
        case paused
        /// Not tried: too many abandoned operations are still waiting for the database.
        case backlog
        /// The caller was cancelled (a client that went away) before the database answered.
        case cancelled
    }

    /// The deadline's settings.
    struct Policy: Sendable {
        /// The longest a caller waits for one operation.
        var timeout: Duration
        /// How long the store is left alone after it pauses.
        var pause: Duration = .seconds(5)
        /// Timeouts in a row (with no answer from the database between them) that pause the store.
        var timeoutsBeforePause = 3
        /// Abandoned operations still in flight beyond which more are refused at once.
        var abandonedLimit = 16
    }

    private enum Breaker: Sendable {
        /// Serving; `timeouts` in a row so far.
        case closed(timeouts: Int)
        /// Paused until then.
        case open(until: ContinuousClock.Instant)
        /// One operation is probing the database; the others fail at once.
        case probing
    }

    private struct State: Sendable {
        var breaker = Breaker.closed(timeouts: 0)
        /// Every operation running, and whether its caller has given up on it.
        var running: [UInt64: Bool] = [:]
        var abandoned = 0
        var next: UInt64 = 0
    }

    private enum Admission {
        case admitted(id: UInt64, probe: Bool)
        case refused(Failure)
    }

    let policy: Policy
    var timeout: Duration { policy.timeout }
    private let clock: any MonotonicClock
    private let classify: @Sendable (any Error) -> DatabaseFailure
    private let onFailure: @Sendable (Failure, PostgresStoreError) -> Void
    private let state = LockedValue(State())

    init(
        _ policy: Policy, clock: any MonotonicClock = ContinuousClock(),
        classify: @escaping @Sendable (any Error) -> DatabaseFailure = DatabaseFailure.init,
        onFailure: @escaping @Sendable (Failure, PostgresStoreError) -> Void = { _, _ in }
    ) {
        self.policy = policy
        self.clock = clock
        self.classify = classify
        self.onFailure = onFailure
    }

    /// Whether operations are let through now (the store isn't paused or probing).
    var isServing: Bool {
        state.withLock { if case .closed = $0.breaker { return true } else { return false } }
    }

    /// How many operations were given up on (timed out, or their caller cancelled) and still run.
    var abandoned: Int { state.withLock { $0.abandoned } }

    /// `operation`'s result, or `PostgresStoreError` when it failed, took longer than the deadline, its
    /// caller was cancelled, or the store refused it at once (paused, probing, or backlogged); `what`
    /// names the store.
    func run<Result: Sendable>(
        _ what: String, _ operation: @escaping @Sendable () async throws -> Result
    ) async throws(PostgresStoreError) -> Result {
        let (id, probe): (UInt64, Bool)
        switch admit() {
        case .admitted(let admitted, let probing): (id, probe) = (admitted, probing)
        case .refused(let reason): throw fail(reason, Self.refusal(reason, what, policy))
        }
        let outcome = await DeadlineRace.run(timeout: policy.timeout) { () async throws -> Result in
            defer { self.ended(id) }
            return try await operation()
        }
        switch outcome {
        case .finished(.success(let value)):
            answered()
            return value
        case .finished(.failure(let error)):
            switch classify(error) {
            case .unreachable:
                pauseNow()
                throw fail(.failed, PostgresStoreError(what, failedWith: error))
            case .lockTimeout:
                answered()
                throw fail(.lockTimeout, PostgresStoreError("\(what) waited too long for another request of the same client; try again"))
            case .answered:
                answered()
                throw fail(.failed, PostgresStoreError(what, failedWith: error))
            }
        case .timedOut:
            abandon(id)
            timedOut(probe: probe)
            throw fail(.timedOut, PostgresStoreError("\(what) did not answer within \(Self.words(policy.timeout))"))
        case .cancelled:
            abandon(id)
            // A probe whose caller went away proves nothing: the next operation probes instead.
            if probe { state.withLock { $0.breaker = .open(until: clock.now) } }
            throw fail(.cancelled, PostgresStoreError("the request was cancelled before \(what) answered"))
        }
    }

    /// "2 s", "500 ms": a duration as people write it.
    static func words(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }

    private static func refusal(_ reason: Failure, _ what: String, _ policy: Policy) -> PostgresStoreError {
        switch reason {
        case .backlog:
            PostgresStoreError("\(what) has \(policy.abandonedLimit) operations the database has not answered yet; try again later")
        default:
            PostgresStoreError("\(what) is paused: the database stopped answering a moment ago; try again in a few seconds")
        }
    }

    private func fail(_ reason: Failure, _ error: PostgresStoreError) -> PostgresStoreError {
        onFailure(reason, error)
        return error
    }

    private func admit() -> Admission {
        let now = clock.now
        return state.withLock { state in
            if state.abandoned >= policy.abandonedLimit { return .refused(.backlog) }
            var probe = false
            switch state.breaker {
            case .closed: break
            case .open(let until):
                guard now >= until else { return .refused(.paused) }
                state.breaker = .probing
                probe = true
            case .probing: return .refused(.paused)
            }
            let id = state.next
            state.next &+= 1
            state.running[id] = false
            return .admitted(id: id, probe: probe)
        }
    }

    /// The database answered (a result, or an error about the request): serving, no timeouts in a row.
    private func answered() {
        state.withLock { $0.breaker = .closed(timeouts: 0) }
    }

    private func pauseNow() {
        let until = clock.now + policy.pause
        state.withLock { $0.breaker = .open(until: until) }
    }

    private func timedOut(probe: Bool) {
        let until = clock.now + policy.pause
        state.withLock { state in
            switch state.breaker {
            case .closed(let timeouts):
                state.breaker = timeouts + 1 >= policy.timeoutsBeforePause ? .open(until: until) : .closed(timeouts: timeouts + 1)
            case .probing where probe:
                state.breaker = .open(until: until)
            case .open, .probing:
                break
            }
        }
    }

    /// The caller gave up on operation `id`: counted as abandoned until it ends, unless it has already.
    private func abandon(_ id: UInt64) {
        state.withLock { state in
            guard state.running[id] == false else { return }
            state.running[id] = true
            state.abandoned += 1
        }
    }

    private func ended(_ id: UInt64) {
        state.withLock { state in
            if state.running.removeValue(forKey: id) == true { state.abandoned -= 1 }
        }
    }
}
#endif
