#if Server
public import Foundation
public import OAuthEngine
import LineLoginPrimitives

/// Remembers verified access tokens so a busy API doesn't ask LINE on every request.
///
/// Bounded (the entries expiring soonest go first when full). Keyed by an HMAC of the token under a
/// per-process random key: the token itself is never stored. An entry never outlives the token's
/// `expires_in`, nor ``maximumAge`` (which bounds how long a revoked token keeps working here).
///
/// A lock rather than an actor: a lookup is a hash and a dictionary read, and a framework's middleware
/// answers a remembered token without leaving the event loop (``AccessTokenCaching/immediateValue(for:)``).
public final class AccessTokenCache: Sendable {
    /// At most this many tokens are remembered.
    public let capacity: Int
    /// The longest an entry is served, whatever `expires_in` said.
    public let maximumAge: TimeInterval

    private struct Entry: Sendable {
        var value: VerifiedAccessToken
        var expiresAt: Date
    }

    private let clock: any WallClock
    private let fingerprint = TokenFingerprint()
    private let entries = LockedValue<[Data: Entry]>([:])

    /// Creates a cache.
    /// - Parameters:
    ///   - capacity: the most tokens remembered (at least 1).
    ///   - maximumAge: seconds an entry may be served at most (default 5 minutes).
    ///   - clock: the clock expiries are measured with; use the verifier's.
    public init(capacity: Int = 10_000, maximumAge: TimeInterval = 300, clock: any WallClock = SystemClock()) {
        self.capacity = max(1, capacity)
        self.maximumAge = maximumAge
        self.clock = clock
    }

    /// How many entries are held (expired ones included until they are looked up or purged).
    public var count: Int { entries.withLock { $0.count } }

    /// The cached result for `token`, if any and still fresh.
    public func value(for token: String) -> VerifiedAccessToken? {
        let key = fingerprint(token)
        let now = clock.now()
        return entries.withLock { entries in
            guard let entry = entries[key] else { return nil }
            guard now < entry.expiresAt else {
                entries[key] = nil
                return nil
            }
            return entry.value
        }
    }

    /// Remembers `value` for `token` until `min(value.expiresAt, now + maximumAge)`.
    public func insert(_ value: VerifiedAccessToken, for token: String) {
        let now = clock.now()
        let expiresAt = min(value.expiresAt, now.addingTimeInterval(maximumAge))
        guard expiresAt > now else { return }
        let key = fingerprint(token)
        let capacity = capacity
        entries.withLock { entries in
            if entries[key] == nil && entries.count >= capacity { Self.makeRoom(&entries, capacity: capacity, now: now) }
            entries[key] = Entry(value: value, expiresAt: expiresAt)
        }
    }

    /// Forgets `token` (after a logout or revoke).
    public func remove(token: String) {
        entries.withLock { $0[fingerprint(token)] = nil }
    }

    /// Forgets everything.
    public func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    /// The stored keys, for tests that check no token is kept in clear.
    func storedKeys() -> [Data] { entries.withLock { Array($0.keys) } }

    /// Drops expired entries, then (if still full) the tenth expiring soonest, so eviction is amortised.
    private static func makeRoom(_ entries: inout [Data: Entry], capacity: Int, now: Date) {
        entries = entries.filter { $0.value.expiresAt > now }
        guard entries.count >= capacity else { return }
        let dropCount = max(1, capacity / 10)
        let soonest = entries.sorted { $0.value.expiresAt < $1.value.expiresAt }.prefix(dropCount)
        for (key, _) in soonest { entries[key] = nil }
    }
}
#endif
