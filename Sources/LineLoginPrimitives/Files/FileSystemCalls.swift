// Darwin first: on Apple platforms Glibc does not exist (the house style of OAuthEngine's POSIX.swift).
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// The few file-system calls whose spelling differs between Darwin and the Linux C libraries, so the
/// writer, the lock and the permission check have no platform branches of their own.
enum FileSystemCalls {
    /// `strerror(code)` as text, for error messages (never a path's contents).
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Flushes a file to stable storage: `F_FULLFSYNC` on Darwin (its `fsync` stops at the drive's cache),
    /// falling back to `fsync`, which is retried after `EINTR`.
    static func synchronize(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        while fsync(descriptor) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }

    /// Takes an exclusive `flock(2)` without waiting: `true` when taken, `false` with `errno` set otherwise.
    static func lockWithoutWaiting(_ descriptor: Int32) -> Bool {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }

    /// `true` when `errno` after a refused non-blocking lock means someone else holds it.
    static func isHeldElsewhere(_ code: Int32) -> Bool {
        code == EWOULDBLOCK || code == EAGAIN
    }

    /// The file type bits of `mode` say "regular file".
    static func isRegularFile(_ mode: Int) -> Bool {
        mode & Int(S_IFMT) == Int(S_IFREG)
    }

    /// The file type bits of `mode` say "directory".
    static func isDirectory(_ mode: Int) -> Bool {
        mode & Int(S_IFMT) == Int(S_IFDIR)
    }

    /// Writes every byte of `data`, retrying short writes and `EINTR`; the `errno` of a failure, or `nil`.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return written == 0 ? EIO : errno
                }
            }
            return nil
        }
    }

    /// Why ``readAll(_:maximumSize:)`` stopped.
    enum ReadFailure: Error {
        /// More than the maximum.
        case tooLarge
        /// The system refused, with this `errno`.
        case system(Int32)
    }

    /// Every byte until the end, at most `maximumSize` of them.
    static func readAll(_ descriptor: Int32, maximumSize: Int) -> Result<Data, ReadFailure> {
        var contents = Data()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(contents) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            contents.append(contentsOf: chunk.prefix(count))
            if contents.count > maximumSize { return .failure(.tooLarge) }
        }
    }
}
