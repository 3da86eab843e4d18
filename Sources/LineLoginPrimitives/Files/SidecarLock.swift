#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
package import Foundation

/// An exclusive lock that says one process (one owner) uses a file, taken on a sidecar `<file>.lock` beside
/// it: a lock on the file itself would be lost at the first atomic replace, which renames a new file over
/// the locked one.
///
/// `flock(2)` on a descriptor kept open for the lock's lifetime: the system releases it when the owner is
/// freed or its process ends, however it ends, so a crash never leaves a stale lock. Taking it never waits:
/// a second owner is refused at once (``SidecarLockError/heldElsewhere(path:)``). The sidecar file is created
/// 0600 without following a link, and never deleted (deleting it would let two owners lock two files).
package final class SidecarLock: Sendable {
    /// The sidecar file.
    package let path: String
    private let descriptor: Int32

    /// Takes the lock for `file` (on `<file>.lock`), or throws at once when another owner holds it.
    /// - Throws: ``SidecarLockError``.
    package init(for file: URL) throws(SidecarLockError) {
        let path = file.path + ".lock"
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw .unusable(PrivateFileError(path: path, step: "open the lock file", errno: errno))
        }
        guard FileSystemCalls.lockWithoutWaiting(descriptor) else {
            let code = errno
            _ = close(descriptor)
            if FileSystemCalls.isHeldElsewhere(code) { throw .heldElsewhere(path: path) }
            throw .unusable(PrivateFileError(path: path, step: "lock the lock file", errno: code))
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        // Closing the last descriptor of the open file releases the lock.
        _ = close(descriptor)
    }
}

/// Why a ``SidecarLock`` was not taken.
package enum SidecarLockError: Error, Sendable, Equatable {
    /// Another owner (another process, or another owner in this one) holds the lock on `path`.
    case heldElsewhere(path: String)
    /// The lock file could not be opened or locked.
    case unusable(PrivateFileError)
}
