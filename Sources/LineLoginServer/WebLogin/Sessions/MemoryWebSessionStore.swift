public import Foundation
public import OAuthEngine

/// The live web sessions of one process, bounded: when full, the oldest session ends early (its user
/// logs in again) rather than any memory growing; an ended session is never live again.
public actor MemoryWebSessionStore: WebSessionStore {
    /// The most sessions kept.
    public let capacity: Int
    private let clock: any WallClock
    private var expiries: [String: Date] = [:]
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

    /// Ends `id`.
    public func end(_ id: String) {
        expiries[id] = nil
        compact()
    }

    /// How many sessions are live or not yet purged (for tests and metrics).
    public var count: Int { expiries.count }

    // Drops the consumed front of `order` once it is most of the array, so memory stays bounded.
    private func compact() {
        while head < order.count, expiries[order[head]] == nil { head += 1 }
        if head > 1024 && head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }
}
