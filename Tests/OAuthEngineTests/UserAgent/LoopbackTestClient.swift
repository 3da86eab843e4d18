#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import TransportTestSupport

/// A minimal blocking HTTP client on raw sockets, for sending what a browser never would.
/// Blocking work runs on its own thread so it never holds a Swift concurrency thread.
enum LoopbackTestClient {
    /// Connects to `127.0.0.1:port`, sends `request`, and returns everything until the server
    /// closes; `nil` when the connection is refused.
    static func exchange(port: Int, request: [UInt8]) async -> String? {
        await offload {
            guard let descriptor = openConnection(port: port) else { return nil }
            defer { _ = close(descriptor) }
            var offset = 0
            while offset < request.count {
                let sent = request.withUnsafeBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    return send(descriptor, base + offset, raw.count - offset, sendFlags)
                }
                // The server may answer (431) and close before reading everything.
                if sent <= 0 { break }
                offset += sent
            }
            var response: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                response += buffer.prefix(count)
            }
            return String(decoding: response, as: UTF8.self)
        }
    }

    /// Sends a `GET` for `target` with the given `Host`.
    static func get(port: Int, target: String, host: String? = nil, method: String = "GET") async -> String? {
        let hostLine = "Host: \(host ?? "127.0.0.1:\(port)")\r\n"
        return await exchange(port: port, request: Array("\(method) \(target) HTTP/1.1\r\n\(hostLine)\r\n".utf8))
    }

    /// Opens a connection and keeps it idle (like a browser's pre-connection); close it with `close`.
    static func openIdleConnection(port: Int) async -> Int32? {
        await offload { openConnection(port: port) }
    }

    /// A blocking socket connected to `127.0.0.1:port` with 60-second send and receive timeouts: long
    /// enough for a serving thread starved under ThreadSanitizer, and the server closes first anyway.
    static func openConnection(port: Int) -> Int32? { LoopbackSocket.openConnection(port: port, timeoutSeconds: 60) }

    /// A new IPv4 TCP socket, or `nil`.
    static func tcpSocket() -> Int32? { LoopbackSocket.tcpSocket() }

    /// `127.0.0.1:port` (0: any free port, for `bind`).
    static func loopbackAddress(port: Int) -> sockaddr_in { LoopbackSocket.loopbackAddress(port: port) }

    /// Runs `body` on a new thread and returns its result.
    static func offload<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await LoopbackSocket.offload(body)
    }

    /// `send` flags that turn a write to a closed peer into an error instead of SIGPIPE.
    static var sendFlags: Int32 { LoopbackSocket.sendFlags }
}
