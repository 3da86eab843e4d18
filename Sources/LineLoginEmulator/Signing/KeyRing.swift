#if Emulator
import Crypto
import Foundation

/// The emulator's ES256 keys: one current key plus rotated-out keys still inside their grace period.
struct KeyRing: Sendable {
    private(set) var keys: [SigningKey]

    /// A ring with one fresh key.
    init() {
        keys = [SigningKey.generate()]
    }

    /// A ring of `keys` (a state file's), oldest first; `nil` when there are none.
    init?(restoring keys: [SigningKey]) {
        guard !keys.isEmpty else { return nil }
        self.keys = keys
    }

    /// The key new ID tokens are signed with.
    var current: SigningKey {
        // The ring is never empty: init adds a key and rotate adds one before retiring any.
        keys[keys.count - 1]
    }

    /// Retires the current key at `now` and adds a new one; returns the new key ID.
    mutating func rotate(now: Date) -> String {
        let next = SigningKey.generate()
        keys[keys.count - 1].retiredAt = now
        keys.append(next)
        return next.keyID
    }

    /// Drops retired keys whose grace period has passed.
    mutating func purge(now: Date, gracePeriod: TimeInterval) {
        keys.removeAll { key in
            guard let retiredAt = key.retiredAt else { return false }
            return retiredAt.addingTimeInterval(gracePeriod) <= now
        }
    }

    /// Keys that are published and accepted for verification at `now`.
    func publishedKeys(now: Date, gracePeriod: TimeInterval) -> [SigningKey] {
        keys.filter { key in
            guard let retiredAt = key.retiredAt else { return true }
            return retiredAt.addingTimeInterval(gracePeriod) > now
        }
    }
}
#endif
