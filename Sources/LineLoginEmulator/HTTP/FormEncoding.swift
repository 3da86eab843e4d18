#if Emulator
import Foundation

/// Percent-encoding for query strings the emulator writes (redirects).
enum FormEncoding {
    /// Encodes a value: unreserved characters stay, space becomes `+`, everything else `%XX`.
    static func encode(_ value: String) -> String {
        var output = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                output.append("+")
            default:
                output += "%" + Hex.encode([byte]).uppercased()
            }
        }
        return output
    }

    /// `name=value&…` in the given order.
    static func query(_ items: [(String, String)]) -> String {
        items.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    /// Appends query items to a URL string that may already have a query.
    static func appending(_ items: [(String, String)], to url: String) -> String {
        guard !items.isEmpty else { return url }
        let separator = url.contains("?") ? (url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&") : "?"
        return url + separator + query(items)
    }

    /// Whether `value` uses only RFC 3986 unreserved characters.
    static func isUnreserved(_ value: String) -> Bool {
        value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                true
            default:
                false
            }
        }
    }
}
#endif
