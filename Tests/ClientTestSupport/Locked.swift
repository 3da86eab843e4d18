import Foundation

/// A value behind a lock, shared between a test and the closures and tasks it hands to the code under test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    @discardableResult
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The value now (a copy).
    var current: Value { withLock { $0 } }

    /// The value, read or replaced under the lock.
    var wrappedValue: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }
}
