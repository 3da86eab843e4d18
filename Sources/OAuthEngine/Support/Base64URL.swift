import Foundation

/// Base64url without padding (RFC 7515 §2), strict on decode.
public enum Base64URL {
    /// Encodes bytes as base64url without padding.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var base64 = Data(bytes).base64EncodedString()
        base64 = base64.replacingOccurrences(of: "+", with: "-")
        base64 = base64.replacingOccurrences(of: "/", with: "_")
        while base64.hasSuffix("=") { base64.removeLast() }
        return base64
    }

    /// Decodes strict base64url: only `A–Z a–z 0–9 - _`, no padding, no whitespace, and no
    /// non-zero trailing bits (so each value has exactly one encoding). Returns `nil` otherwise.
    public static func decode<S: StringProtocol>(_ string: S) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in string.utf8 {
            let value: UInt32
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(character - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(character - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            accumulator = (accumulator << 6) | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
            }
        }
        // A single leftover character (6 bits) can't encode a byte; leftover bits must be zero.
        if bits >= 6 { return nil }
        if bits > 0, accumulator & ((1 << UInt32(bits)) - 1) != 0 { return nil }
        return output
    }
}
