#if Server
import Foundation

/// A dictionary behind a lock: for caches read on every request, where an actor hop would cost more
/// than the lookup.
final class LockedDictionary<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // @unchecked: `storage` is only touched while `lock` is held.
    private let lock = NSLock()
    private var storage: [Key: Value] = [:]

    /// The value for `key`.
    subscript(key: Key) -> Value? {
        get { lock.withLock { storage[key] } }
        set { lock.withLock { storage[key] = newValue } }
    }

    /// How many values are held.
    var count: Int { lock.withLock { storage.count } }

    /// Runs `body` with the dictionary, under the lock.
    func update<Result>(_ body: (inout [Key: Value]) -> Result) -> Result {
        lock.withLock { body(&storage) }
    }
}
#endif
