import Foundation

/// A value behind a lock, for the few synchronous reads LINE's API has (`isAuthorized`, `current`).
/// (`Synchronization.Mutex` needs macOS 15; this package supports macOS 14.)
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}
