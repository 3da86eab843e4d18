#if PostgreSQL
/// The time a store's pause is measured in: monotonic, so a wall clock set back or forward (NTP, a
/// suspended VM) neither holds a store paused nor ends its pause early. A protocol so tests move it by hand.
protocol MonotonicClock: Sendable {
    /// Now.
    var now: ContinuousClock.Instant { get }
}

extension ContinuousClock: MonotonicClock {}
#endif
