import LineLoginPrimitives

/// The package's lock box under the name the tests use for a value shared between a test and the closures
/// and tasks it hands to the code under test (no second box: scripts/check-concurrency.sh).
typealias Locked = LockedValue

extension LockedValue {
    /// The value, read or replaced under the lock.
    var wrappedValue: Value {
        get { current }
        set { withLock { $0 = newValue } }
    }
}
