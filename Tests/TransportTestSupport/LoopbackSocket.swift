#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The loopback socket basics the raw-socket test helpers share.
enum LoopbackSocket {
    /// A new IPv4 TCP socket, or `nil`.
    static func tcpSocket() -> Int32? {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        return descriptor >= 0 ? descriptor : nil
    }

    /// `127.0.0.1:port` (0: any free port, for `bind`).
    static func loopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        return address
    }

    /// A socket listening on a free port of 127.0.0.1 with room for `backlog` pending connections, and the
    /// port; `nil` when none could be opened.
    static func listener(backlog: Int32) -> (descriptor: Int32, port: Int)? {
        guard let descriptor = tcpSocket() else { return nil }
        var address = loopbackAddress(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, backlog) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            _ = close(descriptor)
            return nil
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A blocking socket connected to `127.0.0.1:port` with send and receive timeouts (`connect` on
    /// Linux honours the send timeout), or `nil` when the connection is refused or times out.
    static func openConnection(port: Int, timeoutSeconds: Int = 5) -> Int32? {
        guard let descriptor = tcpSocket() else { return nil }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = loopbackAddress(port: port)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            _ = close(descriptor)
            return nil
        }
        return descriptor
    }

    /// `true` when a TCP connection to `127.0.0.1:port` is accepted by the kernel.
    static func canConnect(port: Int) async -> Bool {
        await offload {
            guard let descriptor = openConnection(port: port) else { return false }
            _ = close(descriptor)
            return true
        }
    }

    /// Runs blocking `body` on a new thread, so it never holds a Swift concurrency thread.
    static func offload<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// `send` flags that turn a write to a closed peer into an error instead of SIGPIPE.
    #if canImport(Glibc)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    static let sendFlags: Int32 = 0
    #endif
}
