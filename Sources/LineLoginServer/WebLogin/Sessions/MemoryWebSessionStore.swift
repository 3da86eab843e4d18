#if Server
public import Foundation
public import OAuthEngine

/// The live web sessions of one process, bounded: when full, the oldest session ends early (its user
/// logs in again) rather than any memory growing; an ended session is never live again.
public actor MemoryWebSessionStore: WebSessionStore {
    /// The most sessions kept.
    public let capacity: Int
    private let clock: any WallClock
    private var expiries: [String: Date] = [:]
    // Ended sessions, until their cookies would have expired: `begin` never makes one live again.
    private var ended: [String: Date] = [:]
    // Begin order, for evicting the oldest in O(1) amortised; ended or expired ids are skipped lazily.
    private var order: [String] = []
    private var head = 0

    /// A store of at most `capacity` live sessions.
    public init(capacity: Int = 100_000, clock: any WallClock = SystemClock()) {
        self.capacity = max(1, capacity)
        self.clock = clock
    }

    /// Remembers `id` until `expiresAt`, ending the oldest session when full.
    public func begin(_ id: String, expiresAt: Date) {
        let now = clock.now()
        if let endedUntil = ended[id] {
            if now < endedUntil { return }
            ended[id] = nil
        }
        if expiries.count >= capacity { purgeExpired(now: now) }
        if expiries[id] == nil { order.append(id) }
        expiries[id] = expiresAt
        while expiries.count > capacity, head < order.count {
            expiries[order[head]] = nil
            head += 1
        }
        compact()
    }

    /// Whether `id` was begun, not ended and has not expired.
    public func isActive(_ id: String) -> Bool {
        guard let expiresAt = expiries[id] else { return false }
        guard clock.now() < expiresAt else {
            expiries[id] = nil
            return false
        }
        return true
    }

    /// Ends `id`, for good: it is remembered as ended until it would have expired.
    public func end(_ id: String) {
        // Kept whatever the count (each needs a login at LINE, and it goes when its cookie would have expired):
        // a logged-out session is never accepted again.
        if let expiresAt = expiries.removeValue(forKey: id), clock.now() < expiresAt { ended[id] = expiresAt }
        if ended.count > capacity { purgeExpired(now: clock.now()) }
        compact()
    }

    /// How many sessions are live or not yet purged (for tests and metrics).
    public var count: Int { expiries.count }

    private func purgeExpired(now: Date) {
        expiries = expiries.filter { now < $0.value }
        ended = ended.filter { now < $0.value }
    }

    // Drops the consumed front of `order`, and rebuilds it when ended or expired ids pile up behind a live
    // one, so memory stays bounded by the live sessions.
    private func compact() {
        while head < order.count, expiries[order[head]] == nil { head += 1 }
        if order.count - head > 2 * max(expiries.count, 1024) {
            var seen = Set<String>()
            order = order[head...].filter { expiries[$0] != nil && seen.insert($0).inserted }
            head = 0
        } else if head > 1024 && head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }
}
#endif
