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
/// `flock(2)` on a descriptor kept open until ``release()``: the system releases it too when the owner is
/// freed or its process ends, however it ends, so a crash never leaves a stale lock. Taking it never waits:
/// a second owner is refused at once (``SidecarLockError/heldElsewhere(path:)``). The sidecar file is created
/// 0600 without following a link, and never deleted (deleting it would let two owners lock two files); one
/// that belongs to another user is refused, since that user could delete it and make a new one whenever
/// they like (in a sticky folder such as `/tmp` only they could), and so let two owners in at once.
package final class SidecarLock: Sendable {
    /// The sidecar file.
    package let path: String
    /// The open sidecar file, `nil` once released.
    private let descriptor: LockedValue<Int32?>

    /// Takes the lock for `file` (on `<file>.lock`), or throws at once when another owner holds it.
    /// - Throws: ``SidecarLockError``.
    package init(for file: URL) throws(SidecarLockError) {
        let path = file.path + ".lock"
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw Self.openFailure(path: path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw .unusable(PrivateFileError(path: path, step: "examine the lock file", errno: code))
        }
        let exposure = FileExposure(info)
        guard FileSystemCalls.isRegularFile(Int(info.st_mode)), exposure.isOwnedByCurrentUser else {
            _ = close(descriptor)
            let reason =
                exposure.isOwnedByCurrentUser ? "it is not a regular file" : "it belongs to another user (uid \(exposure.ownerID))"
            throw .untrusted(path: path, reason: reason)
        }
        guard FileSystemCalls.lockWithoutWaiting(descriptor) else {
            let code = errno
            _ = close(descriptor)
            if FileSystemCalls.isHeldElsewhere(code) { throw .heldElsewhere(path: path) }
            throw .unusable(PrivateFileError(path: path, step: "lock the lock file", errno: code))
        }
        self.path = path
        self.descriptor = LockedValue(descriptor)
    }

    /// Why `open` refused: a link (`O_NOFOLLOW`), another user's file, or the system's own reason.
    private static func openFailure(path: String, errno code: Int32) -> SidecarLockError {
        var info = stat()
        let exists = lstat(path, &info) == 0
        if exists, Int(info.st_mode) & Int(S_IFMT) == Int(S_IFLNK) {
            return .untrusted(path: path, reason: "it is a symbolic link")
        }
        if exists, code == EACCES, info.st_uid != geteuid() {
            return .untrusted(path: path, reason: "it belongs to another user (uid \(info.st_uid))")
        }
        return .unusable(PrivateFileError(path: path, step: "open the lock file", errno: code))
    }

    /// Whether this owner still holds the lock (``release()`` not called yet).
    package var isHeld: Bool { descriptor.current != nil }

    /// Gives the lock up now, so another owner may take it; later calls do nothing. The sidecar file stays.
    package func release() {
        descriptor.withLock { descriptor in
            // Closing the last descriptor of the open file releases the lock.
            if let open = descriptor { _ = close(open) }
            descriptor = nil
        }
    }

    deinit {
        release()
    }
}

/// Why a ``SidecarLock`` was not taken.
package enum SidecarLockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another owner (another process, or another owner in this one) holds the lock on `path`.
    case heldElsewhere(path: String)
    /// The lock file could not be opened, examined or locked: the step and the system's reason.
    case unusable(PrivateFileError)
    /// The lock file at `path` is not one to rely on: a symbolic link, not a regular file, or another
    /// user's (`reason` says which).
    case untrusted(path: String, reason: String)

    /// What went wrong, in words.
    package var description: String {
        switch self {
        case .heldElsewhere(let path): "another owner holds the lock on \(path)"
        case .unusable(let error): error.description
        case .untrusted(let path, let reason): "the lock file \(path) can't be used: \(reason)"
        }
    }
}
