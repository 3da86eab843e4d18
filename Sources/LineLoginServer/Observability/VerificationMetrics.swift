#if Server
import CoreMetrics
import Logging

/// One verifier's metrics and log records: every verification goes through ``observe(logger:channel:_:)``,
/// so each outcome is counted, timed and logged in one place.
struct VerificationMetrics: Sendable {
    /// Which tokens the verifier checks (the `kind` dimension).
    enum Kind: String, Sendable {
        case accessToken = "access_token"
        case idToken = "id_token"
    }

    let kind: Kind
    let logger: Logger
    private let factory: any MetricsFactory
    // Created once: a handle is cheap to update and costly to create.
    private let accepted: Counter
    private let duration: Timer
    private let cacheHit: Counter
    private let cacheMiss: Counter
    private let cacheError: Counter

    init(kind: Kind, observability: LineLoginObservability) {
        self.kind = kind
        logger = observability.logger
        factory = observability.metricsFactory
        accepted = Counter(
            label: "line_login_verifications_total",
            dimensions: [("kind", kind.rawValue), ("outcome", "accepted"), ("reason", "none")], factory: factory)
        duration = Timer(label: "line_login_verification_duration_seconds", dimensions: [("kind", kind.rawValue)], factory: factory)
        cacheHit = Counter(
            label: "line_login_cache_lookups_total", dimensions: [("cache", kind.rawValue), ("result", "hit")], factory: factory)
        cacheMiss = Counter(
            label: "line_login_cache_lookups_total", dimensions: [("cache", kind.rawValue), ("result", "miss")], factory: factory)
        cacheError = Counter(
            label: "line_login_cache_lookups_total", dimensions: [("cache", kind.rawValue), ("result", "error")], factory: factory)
    }

    /// Counts a cache lookup.
    func cacheLookup(hit: Bool) {
        (hit ? cacheHit : cacheMiss).increment()
    }

    /// Counts and logs a cache that failed (a shared cache's database, say); the verification goes on
    /// without it. The error's type only: a database error's text can quote a row.
    func cacheFailed(_ error: any Error, logger: Logger) {
        cacheError.increment()
        logger.warning(
            "the \(kind.rawValue == "access_token" ? "access-token" : "ID-token") cache failed; asking LINE instead",
            metadata: ["line.kind": "\(kind.rawValue)", "line.error": "\(type(of: error))"])
    }

    /// Runs one verification, then counts, times and logs its outcome. `channel` names the channel of an
    /// accepted token (a refused token's claims are the sender's word, so they are never logged).
    func observe<Value>(
        logger: Logger?, channel: (Value) -> String, _ body: () async throws(VerificationError) -> Value
    ) async throws(VerificationError) -> Value {
        let logger = logger ?? self.logger
        let start = ContinuousClock.now
        do {
            let value = try await body()
            recordAccepted(value, since: start, logger: logger, channel: channel)
            return value
        } catch {
            duration.record(ContinuousClock.now - start)
            let outcome = error.isUnavailable ? "unavailable" : "refused"
            Counter(
                label: "line_login_verifications_total",
                dimensions: [("kind", kind.rawValue), ("outcome", outcome), ("reason", error.code)], factory: factory
            ).increment()
            logger.log(
                level: error.isUnavailable ? .warning : .info,
                error.isUnavailable ? "LINE token could not be checked: \(error.description)" : "LINE token refused: \(error.description)",
                metadata: ["line.kind": "\(kind.rawValue)", "line.outcome": "\(outcome)", "line.reason": "\(error.code)"])
            throw error
        }
    }

    /// A verification answered at once from a cache, without waiting: `body`'s value is a cache hit,
    /// counted, timed and logged as ``observe(logger:channel:_:)`` does an accepted token; `nil` (the cache
    /// can't answer now) records nothing, as the caller goes on to ``observe(logger:channel:_:)``.
    func observeImmediate<Value>(logger: Logger?, channel: (Value) -> String, _ body: () -> Value?) -> Value? {
        let start = ContinuousClock.now
        guard let value = body() else { return nil }
        cacheLookup(hit: true)
        recordAccepted(value, since: start, logger: logger ?? self.logger, channel: channel)
        return value
    }

    private func recordAccepted<Value>(_ value: Value, since start: ContinuousClock.Instant, logger: Logger, channel: (Value) -> String) {
        duration.record(ContinuousClock.now - start)
        accepted.increment()
        logger.debug(
            "LINE token accepted",
            metadata: ["line.kind": "\(kind.rawValue)", "line.outcome": "accepted", "line.channel": "\(channel(value))"])
    }
}

extension Timer {
    /// Records a `Duration` (swift-metrics takes nanoseconds).
    func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
#endif
