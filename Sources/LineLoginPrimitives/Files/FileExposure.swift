#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
package import Foundation

/// Who besides its owner may read or change a file: the one permission check for files holding secrets
/// or passwords (the emulator's `--config`, the example site's `--postgres-url-file`).
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
    /// The mode as `ls` and `chmod` write it: `0644`.
    package var octalMode: String { "0" + String(mode, radix: 8) }

    /// How `info` (from `stat`/`fstat`) exposes its file.
    init(_ info: stat) {
        mode = Int(info.st_mode) & 0o7777
        ownerID = UInt32(info.st_uid)
        isOwnedByCurrentUser = info.st_uid == geteuid()
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
