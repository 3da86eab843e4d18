import Foundation

/// A value behind a lock, for state that synchronous APIs read (LINE's `isAuthorized`, `current`) and
/// for small sets the engine guards. (`Synchronization.Mutex` needs macOS 15; this package supports 14.)
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    package var current: Value { withLock { $0 } }
}
