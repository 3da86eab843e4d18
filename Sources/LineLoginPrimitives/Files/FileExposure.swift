#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
package import Foundation

/// Who besides its owner may read or change a file: the one permission check for files holding secrets
/// or passwords (the emulator's `--config` and `--state`, the example site's `--postgres-url-file`, the
/// token folder, the state file's lock).
///
/// The rule for trusting what a file says (``untrustedReason``): it belongs to the user this process runs
/// as, and neither the group nor others may write it. Anyone else who could change it could have replaced
/// a signing key or a token in it. For the folder of such a file (``replaceableEntriesReason``): neither the
/// group nor others may write it, unless its sticky bit (as on `/tmp`) keeps them from renaming or deleting
/// files they don't own.
package struct FileExposure: Sendable, Equatable {
    /// The permission bits (`0o644`, …).
    package var mode: Int
    /// The owner's user ID.
    package var ownerID: UInt32
    /// Whether the owner is the user this process runs as (its effective user ID).
    package var isOwnedByCurrentUser: Bool

    /// Whether the group or everyone may read it.
    package var isReadableByOthers: Bool { mode & 0o044 != 0 }
    /// Whether the group or everyone may write it.
    package var isWritableByOthers: Bool { mode & 0o022 != 0 }
    /// Whether only its owner, this process's user, may do anything with it (mode 0600, 0400 or 0700).
    package var isPrivate: Bool { isOwnedByCurrentUser && mode & 0o077 == 0 }
    /// Whether the sticky bit is set: in such a folder only an entry's owner (or the folder's) may rename
    /// or delete it, whoever else may write there.
    package var isSticky: Bool { mode & 0o1000 != 0 }
    /// The mode as `ls` and `chmod` write it: `0644`.
    package var octalMode: String { "0" + String(mode, radix: 8) }

    /// Why someone other than this process's user could have changed the file, in words ("it belongs to
    /// another user (uid 1001)", "the group or others may write to it (mode 0666)"), or `nil` when no one
    /// else could. The one rule for a file whose contents are trusted (a state file, a lock file) and for a
    /// folder that must be the user's alone (the token folder).
    package var untrustedReason: String? {
        if !isOwnedByCurrentUser { return "it belongs to another user (uid \(ownerID))" }
        if isWritableByOthers { return "the group or others may write to it (mode \(octalMode))" }
        return nil
    }

    /// For the folder of a file whose contents are trusted: why another user could replace that file with
    /// their own, in words, or `nil`. The group or others may write to the folder and its sticky bit is not
    /// set (a sticky folder such as `/tmp` lets no one rename or delete another user's file).
    package var replaceableEntriesReason: String? {
        guard isWritableByOthers, !isSticky else { return nil }
        return "the group or others may write to its folder (mode \(octalMode), no sticky bit), so they could replace it"
    }

    /// A file with these permission bits (`st_mode`; the type bits are dropped) owned by `ownerID`.
    package init(mode: Int, ownerID: UInt32) {
        self.mode = mode & 0o7777
        self.ownerID = ownerID
        isOwnedByCurrentUser = ownerID == UInt32(geteuid())
    }

    /// The exposure `info` (from `stat`, `lstat` or `fstat`) describes.
    init(_ info: stat) {
        self.init(mode: Int(info.st_mode), ownerID: UInt32(info.st_uid))
    }

    /// The exposure of the file at `path` (a link is followed: the target is what is read).
    /// - Throws: ``PrivateFileError`` when it can't be examined.
    package static func of(path: String) throws(PrivateFileError) -> FileExposure {
        var info = stat()
        guard stat(path, &info) == 0 else { throw PrivateFileError(path: path, step: "examine it", errno: errno) }
        return FileExposure(info)
    }

    /// Reads the regular file at `path` (at most `maximumSize` bytes) and tells how it is exposed, both
    /// through one descriptor, so the file checked is the file read.
    /// - Throws: ``PrivateFileError`` when it can't be opened or read, is not a regular file, or is larger.
    package static func read(path: String, maximumSize: Int) throws(PrivateFileError) -> (contents: Data, exposure: FileExposure) {
        // Non-blocking: opening a FIFO for reading would otherwise wait for a writer for ever.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw PrivateFileError(path: path, step: "open it", errno: errno) }
        defer { _ = close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PrivateFileError(path: path, step: "examine it", errno: errno) }
        guard FileSystemCalls.isRegularFile(Int(info.st_mode)) else {
            throw PrivateFileError(path: path, step: "read it", reason: "it is not a regular file")
        }
        switch FileSystemCalls.readAll(descriptor, maximumSize: maximumSize) {
        case .success(let contents): return (contents, FileExposure(info))
        case .failure(.tooLarge): throw PrivateFileError(path: path, step: "read it", reason: "it is larger than \(maximumSize) bytes")
        case .failure(.system(let code)): throw PrivateFileError(path: path, step: "read it", errno: code)
        }
    }
}
