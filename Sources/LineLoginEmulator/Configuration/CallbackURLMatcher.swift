#if Emulator
import Foundation

/// Decides whether a `redirect_uri` matches a channel's registered callback URLs.
///
/// LINE compares by prefix. The emulator compares scheme, host and port exactly, then requires the
/// path and query of the `redirect_uri` to start with the registered ones, and refuses any that could
/// climb out of that prefix (dot segments, backslashes, control characters; see ``escapes(_:)``). On loopback hosts the
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
    /// a `.` or `..` segment, plain or percent-encoded; a backslash, which some servers read as `/`; or a
    /// control character, raw or encoded. Prefix matching is only safe without them.
    static func escapes(_ pathAndQuery: String) -> Bool {
        let lowered = pathAndQuery.lowercased()
        if lowered.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) { return true }
        if lowered.contains("%5c") || lowered.contains("%7f") { return true }
        for prefix in ["%0", "%1"] where lowered.contains(prefix) { return true }
        let path = lowered.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let dotSegments: Set<Substring> = [".", "..", "%2e", "%2e%2e", ".%2e", "%2e."]
        return path.split(separator: "/", omittingEmptySubsequences: false).contains { dotSegments.contains($0) }
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
