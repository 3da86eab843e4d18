import Foundation
import LineLoginPrimitives

/// A literal loopback address the loopback agent can listen on: 127.0.0.0/8 or `::1`.
///
/// Names such as `localhost` are refused: they may resolve to another address (or to `::1` in one
/// browser and `127.0.0.1` in the listener), so the agent binds and advertises the literal address.
enum LoopbackAddress: Sendable, Equatable {
    /// An IPv4 address in 127.0.0.0/8, as four octets.
    case ipv4(UInt8, UInt8, UInt8, UInt8)
    /// The IPv6 loopback address `::1`.
    case ipv6Loopback

    /// Parses a URL host (`127.0.0.1`, `127.1.2.3`, `::1`, `[::1]`); `nil` for anything else.
    init?(host: String) {
        var host = host.lowercased()
        if host.hasPrefix("[") && host.hasSuffix("]") && host.count >= 2 {
            host = String(host.dropFirst().dropLast())
        }
        if let octets = LoopbackHost.ipv4Octets(host) {
            guard octets[0] == 127 else { return nil }
            self = .ipv4(octets[0], octets[1], octets[2], octets[3])
        } else if LoopbackHost.isIPv6Loopback(host) {
            self = .ipv6Loopback
        } else {
            return nil
        }
    }

    /// The host as written in a URL: `127.0.0.1` or `[::1]`.
    var urlHost: String {
        switch self {
        case let .ipv4(a, b, c, d): "\(a).\(b).\(c).\(d)"
        case .ipv6Loopback: "[::1]"
        }
    }

}
