import Foundation

/// The package's one lock box: a value behind a lock, for state that synchronous APIs read (LINE's
/// `isAuthorized`, `current`), for caches read on every request (where an actor hop costs more than the
/// lookup), and for the small state of transports, stores and user agents.
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15, above the package's floors, so the box is made by
/// hand on `NSLock`; when the floors reach them, this type becomes a wrapper of `Mutex` and nothing else
/// changes. Every other type of the package (the emulator included: it depends on this target, not on
/// client code) holds its mutable state in one of these instead of a lock of its own, and
/// `scripts/check-concurrency.sh` fails CI on an `NSLock` anywhere else.
// @unchecked: `value` is read and written only inside `withLock`, which holds `lock`; the compiler can't see
// a lock's protection, and `Mutex`, which it can, is above the package's deployment floors.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Boxes `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value. `body` must not call back into the same box
    /// (the lock is not recursive) nor run code it doesn't know (an observer, a continuation's owner).
    @discardableResult
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value now.
    package var current: Value { withLock { $0 } }
}
