public import Foundation

/// How long to leave a failing endpoint alone: the one decision behind every back-off in the package
/// (the JWKS cache, ``BackoffTransport`` in front of token, profile and verify endpoints).
///
/// After a failure the endpoint is closed for ``interval`` or for the server's `Retry-After`, whichever
/// is longer, but never longer than ``cap``. When that time has passed, one caller is admitted to
/// probe, and the endpoint stays closed to everyone else for another interval while it does: during an
/// outage the endpoint is asked at most once per interval, however many callers there are. A success
/// opens it again.
public struct OutageBackoff: Sendable, Equatable {
    /// The back-off after a failure that came without `Retry-After` (or with a shorter one).
    public let interval: TimeInterval
    /// The longest back-off, whatever `Retry-After` says.
    public let cap: TimeInterval
    /// No call before this instant; `nil` while the endpoint is healthy.
    public private(set) var closedUntil: Date?

    /// The bounds every interval and cap is clamped into: at least a second (an outage must not turn
    /// each request into a call), at most ten minutes (service resumes soon after the endpoint is back).
    public static let bounds: ClosedRange<TimeInterval> = 1...600

    /// Creates a healthy back-off. `interval` and `cap` are clamped into ``bounds`` (NaN means 30 s and
    /// 300 s); `cap` is at least `interval`.
    public init(interval: TimeInterval = 30, cap: TimeInterval = 300) {
        self.interval = Self.clamped(interval, default: 30)
        self.cap = max(self.interval, Self.clamped(cap, default: 300))
    }

    /// Whether a call may go out at `now`. Once the back-off has passed this admits one probe and closes
    /// the endpoint again for an interval, so concurrent callers don't all probe at once.
    public mutating func admit(at now: Date) -> Bool {
        guard let closedUntil else { return true }
        guard now >= closedUntil else { return false }
        self.closedUntil = now.addingTimeInterval(interval)
        return true
    }

    /// Seconds until a call may go out (0 when it may now).
    public func remaining(at now: Date) -> TimeInterval {
        guard let closedUntil else { return 0 }
        return max(0, closedUntil.timeIntervalSince(now))
    }

    /// Records a failed call at `now`, with the server's `Retry-After` if it sent one.
    public mutating func failed(at now: Date, retryAfter: RetryAfter? = nil) {
        closedUntil = now.addingTimeInterval(delay(at: now, retryAfter: retryAfter))
    }

    /// Records a successful call: the endpoint is healthy again.
    public mutating func succeeded() { closedUntil = nil }

    /// The back-off a failure at `now` with `retryAfter` starts: the interval, or `Retry-After` when it
    /// is longer, capped.
    public func delay(at now: Date, retryAfter: RetryAfter?) -> TimeInterval {
        let asked = retryAfter?.delay(from: now) ?? 0
        return min(max(interval, asked), cap)
    }

    private static func clamped(_ value: TimeInterval, default fallback: TimeInterval) -> TimeInterval {
        value.isNaN ? fallback : min(max(value, bounds.lowerBound), bounds.upperBound)
    }
}
