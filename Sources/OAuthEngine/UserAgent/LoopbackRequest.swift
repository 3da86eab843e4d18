import LineLoginPrimitives

/// The head of one HTTP/1.x request received by the loopback agent, parsed strictly.
///
/// Only what the agent needs is kept: method, path, query and the `Host` header.
struct LoopbackRequest: Sendable, Equatable {
    /// The largest request head accepted; a browser's callback request is far smaller.
    static let maximumHeadSize = 16 * 1024

    /// The request method, e.g. `GET`.
    var method: String
    /// The percent-encoded path of the request target, e.g. `/callback`.
    var path: String
    /// The percent-encoded query without `?`, or `nil` when the target has none.
    var query: String?
    /// The `Host` header's value, if one was sent.
    var host: String?

    /// Where the head ends in `bytes` (the index after the blank line), or `nil` if it is incomplete.
    /// Accepts bare LF line ends as well as CRLF.
    static func endOfHead(in bytes: [UInt8]) -> Int? {
        let lineFeed = UInt8(ascii: "\n")
        var index = 0
        while index < bytes.count {
            if bytes[index] == lineFeed {
                if index + 1 < bytes.count, bytes[index + 1] == lineFeed { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"), bytes[index + 2] == lineFeed {
                    return index + 3
                }
            }
            index += 1
        }
        return nil
    }

    /// Parses a complete request head; `nil` when it is not a well-formed HTTP/1.x origin-form request.
    init?(head: ArraySlice<UInt8>) {
        // Printable ASCII plus tab/CR/LF only: anything else is not a request a browser sends.
        guard head.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) else {
            return nil
        }
        // Split on bytes: as Characters, "\r\n" is one grapheme and would not match "\n".
        let rawLines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        // A bare CR inside a line is invalid (RFC 9112 §2.2).
        guard !rawLines.contains(where: { $0.contains(UInt8(ascii: "\r")) }) else { return nil }
        let lines = rawLines.map { String(decoding: $0, as: UTF8.self) }
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty,
            parts[0].allSatisfy({ $0.isASCII && $0.isLetter && $0.isUppercase }),
            parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else { return nil }
        let target = parts[1]
        guard target.hasPrefix("/"), !target.contains("#") else { return nil }

        var host: String?
        for line in lines.dropFirst() where !line.isEmpty {
            // Obsolete line folding and header names with spaces are refused, as RFC 9112 asks.
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: \.isWhitespace)
            else { return nil }
            if line[..<colon].lowercased() == "host" {
                guard host == nil else { return nil }
                host = line[line.index(after: colon)...].trimmingWhitespace()
            }
        }

        method = String(parts[0])
        if let questionMark = target.firstIndex(of: "?") {
            path = String(target[..<questionMark])
            query = String(target[target.index(after: questionMark)...])
        } else {
            path = String(target)
            query = nil
        }
        self.host = host
    }

    /// `true` when the query carries a parameter named `error` (an authorization error response).
    var carriesError: Bool {
        guard let query else { return false }
        return query.split(separator: "&").contains { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return name == "error"
        }
    }

    /// `true` when `Host` is absent (HTTP/1.0) or names a loopback host, whatever the port.
    ///
    /// Refusing other names blocks DNS-rebinding pages from talking to the listener (the package's one
    /// rule for it, shared with the emulator's dashboard: ``LoopbackHost``).
    var hasLoopbackHost: Bool {
        LoopbackHost.allows(host)
    }
}

private extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
