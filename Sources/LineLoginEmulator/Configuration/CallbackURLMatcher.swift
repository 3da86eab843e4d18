#if Emulator
import Foundation

/// Decides whether a `redirect_uri` matches a channel's registered callback URLs.
///
/// LINE compares by prefix. The emulator compares scheme, host and port exactly, then requires the
/// path and query of the `redirect_uri` to start with the registered ones, and refuses any that could
/// climb out of that prefix (dot segments, also percent-encoded or with `;` parameters, backslashes,
/// control characters; see ``escapes(_:)``): stricter than a prefix match. On loopback hosts the
/// port is ignored, because a native app or CLI listens on whatever port is free.
enum CallbackURLMatcher {
    /// The parts of an absolute URL that matching looks at.
    struct Components: Equatable {
        var scheme: String
        var host: String
        var port: Int?
        /// Percent-encoded path followed by `?query` when there is one.
        var pathAndQuery: String
    }

    static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1"]

    /// Splits `string` into matchable parts; `nil` for relative URLs, fragments or user info.
    static func components(of string: String) -> Components? {
        guard let url = URLComponents(string: string),
            let scheme = url.scheme?.lowercased(), !scheme.isEmpty,
            var host = url.host?.lowercased(), !host.isEmpty,
            url.fragment == nil, url.user == nil, url.password == nil
        else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        var pathAndQuery = url.percentEncodedPath
        if let query = url.percentEncodedQuery {
            pathAndQuery += "?" + query
        }
        return Components(scheme: scheme, host: host, port: url.port ?? defaultPort(for: scheme), pathAndQuery: pathAndQuery)
    }

    /// Whether `redirectURI` matches any of `registered`.
    static func matches(_ redirectURI: String, registered: [String]) -> Bool {
        guard let candidate = components(of: redirectURI), !escapes(candidate.pathAndQuery) else { return false }
        return registered.contains { entry in
            guard let allowed = components(of: entry),
                allowed.scheme == candidate.scheme, allowed.host == candidate.host
            else { return false }
            if !loopbackHosts.contains(allowed.host) && allowed.port != candidate.port {
                return false
            }
            return candidate.pathAndQuery.hasPrefix(allowed.pathAndQuery)
        }
    }

    /// Whether a path (and query) could climb out of a registered prefix once a server normalizes it:
    /// a backslash, which some servers read as `/`, or a control character, raw or encoded, anywhere; or
    /// a path segment that is `.` or `..` once percent-decoded and cut at its first `;`.
    ///
    /// - The `;` cut is what Tomcat, Spring and other servlet containers do with path parameters:
    ///   `/cb/..;/evil` and `/cb/..;x/evil` are `/evil` to them.
    /// - Decoding is repeated until nothing changes (at most ``maxDecodingRounds`` rounds, beyond which
    ///   the URI is refused): `%252e%252e` is `%2e%2e` to a server that decodes once and `..` to a proxy
    ///   and a server that each decode, so it is refused too. A `%` that starts no valid escape is refused.
    /// - A decoded `/` splits segments (`..%2fadmin` is `..` then `admin` where `%2F` is decoded).
    ///
    /// This is stricter than the prefix match LINE documents: a redirect URI LINE would take under a
    /// registered prefix may be refused here, never the other way round.
    static func escapes(_ pathAndQuery: String) -> Bool {
        let lowered = pathAndQuery.lowercased()
        if lowered.utf8.contains(where: isUnsafeByte) { return true }
        if lowered.contains("%5c") || lowered.contains("%7f") { return true }
        for prefix in ["%0", "%1"] where lowered.contains(prefix) { return true }
        let path = pathAndQuery.utf8.prefix { $0 != UInt8(ascii: "?") }
        guard let decoded = fullyDecoded(Array(path)) else { return true }
        if decoded.contains(where: isUnsafeByte) { return true }
        return decoded.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains { segment in
            let name = segment.prefix { $0 != UInt8(ascii: ";") }
            return name.elementsEqual([UInt8(ascii: ".")]) || name.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
        }
    }

    /// Rounds of percent-decoding ``escapes(_:)`` follows before it gives up and refuses.
    static let maxDecodingRounds = 4

    /// A control character, DEL or a backslash.
    private static func isUnsafeByte(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\")
    }

    /// `bytes` percent-decoded until no escape is left; `nil` for a malformed escape or one still there
    /// after ``maxDecodingRounds`` rounds.
    private static func fullyDecoded(_ bytes: [UInt8]) -> [UInt8]? {
        var current = bytes
        for _ in 0..<maxDecodingRounds {
            guard current.contains(UInt8(ascii: "%")) else { return current }
            guard let next = percentDecoded(current) else { return nil }
            current = next
        }
        return current.contains(UInt8(ascii: "%")) ? nil : current
    }

    /// One round of `%XX` decoding (`+` stays: it is a space only in a query); `nil` on a bad escape.
    private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                output.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                return nil
            }
            output.append(high << 4 | low)
            index += 3
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func defaultPort(for scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
#endif
