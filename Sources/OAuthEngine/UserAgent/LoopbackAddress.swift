import Foundation
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
        if let octets = Self.ipv4Octets(host) {
            guard octets[0] == 127 else { return nil }
            self = .ipv4(octets[0], octets[1], octets[2], octets[3])
        } else if Self.isIPv6Loopback(host) {
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

    /// Strict dotted-quad: four groups of one to three ASCII digits, each at most 255.
    private static func ipv4Octets(_ host: String) -> [UInt8]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            // `UInt8("+1")` parses, so check the characters before converting.
            guard (1...3).contains(part.utf8.count),
                part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let octet = UInt8(part)
            else { return nil }
            octets.append(octet)
        }
        return octets
    }

    /// `true` for the spellings of `::1` (`::1`, `0::1`, `0:0:0:0:0:0:0:1`, …); no zone IDs.
    private static func isIPv6Loopback(_ host: String) -> Bool {
        let hexDigits = Set("0123456789abcdef")
        guard !host.isEmpty, host.allSatisfy({ hexDigits.contains($0) || $0 == ":" }) else { return false }
        let halves = host.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String) -> [Substring]? {
            if part.isEmpty { return [] }
            let groups = part.split(separator: ":", omittingEmptySubsequences: false)
            guard groups.allSatisfy({ (1...4).contains($0.count) }) else { return nil }
            return groups
        }
        let values: [UInt16]
        if halves.count == 2 {
            guard let head = groups(halves[0]), let tail = groups(halves[1]), head.count + tail.count <= 7 else {
                return false
            }
            let zeros = [UInt16](repeating: 0, count: 8 - head.count - tail.count)
            values = head.compactMap { UInt16($0, radix: 16) } + zeros + tail.compactMap { UInt16($0, radix: 16) }
        } else {
            guard let all = groups(host), all.count == 8 else { return false }
            values = all.compactMap { UInt16($0, radix: 16) }
        }
        return values == [0, 0, 0, 0, 0, 0, 0, 1]
    }
}
