#if Hummingbird
import LineLoginServer
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import NIOCore
// On Linux, `sockaddr_in6`'s members come through NIO's C shim module.
#if canImport(CNIOLinux)
import CNIOLinux
#endif

/// Who asked for a nonce, as `NonceStore.issue(for:)` takes it: the peer's IP address, with an IPv6
/// peer reduced to its /64 (one host is usually given a whole /64, so its addresses are one client).
///
/// Behind a reverse proxy every request comes from the proxy: one client for all users, so the quota
/// then limits everyone together. Pass the address the proxy reports instead (in your own route).
enum NonceClient {
    /// The client key of a connection's remote address; `"unknown"` when there is none.
    static func key(for address: SocketAddress?) -> String {
        switch address {
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0.prefix(8)) }
            let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        case .some(let other):
            return other.ipAddress ?? "unknown"
        case nil:
            return "unknown"
        }
    }
}
#endif
