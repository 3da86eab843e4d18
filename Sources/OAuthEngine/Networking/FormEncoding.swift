import Foundation

/// `application/x-www-form-urlencoded` encoding and decoding (WHATWG URL standard).
public enum FormEncoding {
    // Unreserved characters per RFC 3986 stay as they are; everything else is percent-encoded,
    // space included (as %20, which every server decodes; `+` would be ambiguous in some).
    private static let allowed: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return set
    }()

    /// Percent-encodes one component.
    public static func escape(_ string: String) -> String {
        string.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Encodes ordered fields as `a=1&b=2`.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// Decodes `a=1&b=2` into ordered pairs (`+` is a space). `nil` if a percent escape is malformed.
    public static func decode(_ string: String) -> [(String, String)]? {
        var result: [(String, String)] = []
        for part in string.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = unescape(pieces[0]) else { return nil }
            let value = pieces.count > 1 ? unescape(pieces[1]) : ""
            guard let value else { return nil }
            result.append((name, value))
        }
        return result
    }

    private static func unescape(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
