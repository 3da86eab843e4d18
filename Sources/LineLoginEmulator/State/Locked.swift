#if Emulator
import Foundation

/// A value behind a lock.
///
/// `Mutex` from Synchronization needs macOS 15 while the package supports macOS 14, so this wraps `NSLock`.
final class Locked<Value>: @unchecked Sendable {
    // Safe to mark @unchecked: `value` is only touched inside `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
#endif
