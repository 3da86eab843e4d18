// Darwin first: on Apple platforms Glibc does not exist, and on Linux the Apple type-check harness
// (scripts/apple-typecheck.sh) supplies a Darwin stand-in so this branch is compiled too.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The POSIX details that differ between Darwin and the Linux C libraries, so the socket code
/// (``LoopbackSocket``) has no platform branches of its own. (Files: LineLoginPrimitives' `FileSystemCalls`.)
enum POSIX {
    #if canImport(Darwin)
    /// `SOCK_STREAM` as `socket(2)` takes it.
    static let streamSocket: Int32 = SOCK_STREAM
    /// Flags for `send(2)`: Darwin has no `MSG_NOSIGNAL`; ``suppressSIGPIPE(on:)`` covers each socket instead.
    static let sendFlags: Int32 = 0
    /// `SHUT_WR` as `shutdown(2)` takes it.
    static let shutdownWrite: Int32 = SHUT_WR
    #elseif canImport(Glibc)
    static let streamSocket = Int32(SOCK_STREAM.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    static let shutdownWrite = Int32(SHUT_WR)
    #elseif canImport(Musl)
    static let streamSocket = Int32(SOCK_STREAM)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    static let shutdownWrite = Int32(SHUT_WR)
    #endif

    /// A close-on-exec stream socket (atomically where `SOCK_CLOEXEC` exists), or -1 with `errno` set.
    static func makeStreamSocket(family: Int32) -> Int32 {
        #if canImport(Darwin)
        let descriptor = socket(family, streamSocket, 0)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return descriptor
        #elseif canImport(Glibc)
        return socket(family, streamSocket | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        return socket(family, streamSocket | Int32(SOCK_CLOEXEC), 0)
        #endif
    }

    /// Keeps writes to a peer that hung up from raising `SIGPIPE`: a socket option on Darwin; elsewhere
    /// ``sendFlags`` does it per call.
    static func suppressSIGPIPE(on descriptor: Int32) {
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Fills in BSD's `sin_len` (Darwin's `bind(2)` wants it; Linux has no such field).
    static func setLength(of address: inout sockaddr_in) {
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
    }

    /// Fills in BSD's `sin6_len`.
    static func setLength(of address: inout sockaddr_in6) {
        #if canImport(Darwin)
        address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
        #endif
    }
}
