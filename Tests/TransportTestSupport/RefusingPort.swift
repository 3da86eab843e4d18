#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A loopback port where nothing listens, held for as long as this lives: a socket bound to it but never
/// listening, so a connection there is refused and no other test's server can take the port meanwhile
/// (a port freed by closing a listener was taken by a parallel test's emulator, which answered 404).
final class RefusingPort: Sendable {
    let port: Int
    private let descriptor: Int32

    /// Binds a free loopback port; `nil` when no socket could be bound.
    init?() {
        guard let descriptor = LoopbackSocket.tcpSocket() else { return nil }
        var address = LoopbackSocket.loopbackAddress(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            _ = close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { _ = close(descriptor) }

    /// `http://127.0.0.1:<port>/<path>`.
    func url(_ path: String = "jwks") -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)") ?? URL(fileURLWithPath: "/")
    }
}
