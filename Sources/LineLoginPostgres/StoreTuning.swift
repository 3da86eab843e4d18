#if PostgreSQL
/// What every store sets alike besides its public parameters: the pause after an outage, when it starts,
/// how many abandoned operations are tolerated, the clock the pause is measured on, and (for tests) the
/// purge. Apps get ``standard``; tests pass their own clock to end a pause without waiting for it.
struct StoreTuning: Sendable {
    /// How long a store is left alone after it pauses (``OperationDeadline/Policy/pause``).
    var pause: Duration = .seconds(5)
    /// Timeouts in a row that pause a store (``OperationDeadline/Policy/timeoutsBeforePause``).
    var timeoutsBeforePause = 3
    /// Abandoned operations beyond which more are refused at once (``OperationDeadline/Policy/abandonedLimit``).
    var abandonedLimit = 16
    /// The clock the pause is measured on.
    var clock: any MonotonicClock = ContinuousClock()
    /// The nonce store's `lock_timeout` (tests, to keep a flood's timing apart from a slow machine's
    /// deadline); `nil`, a quarter of the operation deadline (``PostgresNonceStore/lockTimeout``).
    var lockTimeout: Duration?
    /// Replaces the opportunistic purge batch (tests); `nil`, the real one.
    var purge: (@Sendable () async throws -> Int)?

    /// What apps get.
    static let standard = StoreTuning()

    /// The deadline's policy for `timeout`.
    func policy(timeout: Duration) -> OperationDeadline.Policy {
        OperationDeadline.Policy(
            timeout: timeout, pause: pause, timeoutsBeforePause: timeoutsBeforePause, abandonedLimit: abandonedLimit)
    }
}
#endif
