#if Server
public import Foundation
public import OAuthEngine
import LineLoginPrimitives

/// Remembers ID tokens that passed every check, so an API that takes the same bearer ID token on every
/// request verifies its signature once (as Envoy's JWT filter does), not per request.
///
/// Only tokens checked without a nonce requirement are remembered (a single-use nonce must be refused on
/// its second use, so those are verified every time). Keyed by an HMAC of the token under a per-process
/// random key (the token is never stored); bounded (the entries expiring soonest go first when full); an
/// entry is never served past the token's `exp`, nor once its `kid` has left LINE's JWKS: each hit asks the
/// key cache for the `kid` (no network while the set is fresh), and a key that a refetch dropped drops the entry.
public final class VerifiedIDTokenCache: Sendable {
    /// At most this many tokens are remembered.
    public let capacity: Int

    private struct Entry: Sendable {
        var value: VerifiedIDToken
        var keyID: String?
        var expiresAt: Date
    }

    private let clock: any WallClock
    private let fingerprint = TokenFingerprint()
    private let entries = LockedValue<[Data: Entry]>([:])

    /// Creates a cache.
    /// - Parameters:
    ///   - capacity: the most tokens remembered (at least 1).
    ///   - clock: the clock `exp` is compared with; use the verifier's.
    public init(capacity: Int = 10_000, clock: any WallClock = SystemClock()) {
        self.capacity = max(1, capacity)
        self.clock = clock
    }

    /// How many entries are held (expired ones included until they are looked up or make room).
    public var count: Int { entries.withLock { $0.count } }

    /// The remembered result for `token`, if it is still before its `exp` and its key is still published.
    func value(for token: String, keys: KeySetCache) async -> VerifiedIDToken? {
        switch lookup(token, keys: keys) {
        case .hit(let value):
            return value
        case .miss:
            return nil
        case .keyToConfirm(let value, let keyID, let key):
            // The actor (which may refetch) only when the lock-free look at the fresh set couldn't say.
            guard let set = try? await keys.keySet(for: keyID), set.names(keyID) else {
                entries.withLock { $0[key] = nil }
                return nil
            }
            return value
        }
    }

    /// The remembered result for `token` when it can be given without waiting: before its `exp`, and its
    /// key in the fresh key set. `nil` is not a refusal: ``value(for:keys:)`` may still find it.
    func immediateValue(for token: String, keys: KeySetCache) -> VerifiedIDToken? {
        guard case .hit(let value) = lookup(token, keys: keys) else { return nil }
        return value
    }

    private enum Lookup {
        case hit(VerifiedIDToken)
        case miss
        /// Remembered and unexpired, but the key set is stale: only a (possible) refetch can say.
        case keyToConfirm(VerifiedIDToken, keyID: String, key: Data)
    }

    /// The one decision both lookups share: the entry, its `exp`, its key.
    private func lookup(_ token: String, keys: KeySetCache) -> Lookup {
        let key = fingerprint(token)
        guard let entry = entries.withLock({ $0[key] }) else { return .miss }
        guard clock.now() < entry.expiresAt else {
            entries.withLock { $0[key] = nil }
            return .miss
        }
        // HS256 tokens have no kid: their key is the channel secret, which doesn't rotate under them.
        if let keyID = entry.keyID, keys.cachedKeySet(for: keyID) == nil {
            return .keyToConfirm(entry.value, keyID: keyID, key: key)
        }
        return .hit(entry.value)
    }

    /// Remembers `value` for `token` (signed with `keyID`) until the token's `exp`.
    func insert(_ value: VerifiedIDToken, for token: String, keyID: String?) {
        let expiresAt = value.claims.expiration
        let now = clock.now()
        guard expiresAt > now else { return }
        let capacity = capacity
        entries.withLock { entries in
            let key = fingerprint(token)
            if entries[key] == nil && entries.count >= capacity {
                entries = entries.filter { $0.value.expiresAt > now }
                if entries.count >= capacity {
                    // A tenth at a time, so eviction is amortised.
                    for (old, _) in entries.sorted(by: { $0.value.expiresAt < $1.value.expiresAt }).prefix(max(1, capacity / 10)) {
                        entries[old] = nil
                    }
                }
            }
            entries[key] = Entry(value: value, keyID: keyID, expiresAt: expiresAt)
        }
    }

    /// Forgets `token`.
    public func remove(token: String) {
        entries.withLock { $0[fingerprint(token)] = nil }
    }

    /// Forgets everything.
    public func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    /// The stored keys, for tests that check no token is kept in clear.
    func storedKeys() -> [Data] { entries.withLock { Array($0.keys) } }
}
#endif
