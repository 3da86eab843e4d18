#if Emulator
import Foundation

/// Unpadded base64url (RFC 4648 §5), as used by JWS and PKCE.
///
/// The emulator has its own copy on purpose: it must not share encoding code with the client it tests.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Encodes bytes without padding.
    static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let input = Array(bytes)
        var output = [UInt8]()
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(alphabet[Int(chunk >> 6 & 63)])
            output.append(alphabet[Int(chunk & 63)])
            index += 3
        }
        let remaining = input.count - index
        if remaining == 1 {
            let chunk = UInt32(input[index]) << 16
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
        } else if remaining == 2 {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(alphabet[Int(chunk >> 6 & 63)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes unpadded base64url; `nil` on any character outside the alphabet, padding, or a
    /// length no encoder produces.
    static func decode(_ string: some StringProtocol) -> [UInt8]? {
        var values = [UInt8]()
        values.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            guard let value = sextet(byte) else { return nil }
            values.append(value)
        }
        if values.count % 4 == 1 { return nil }
        var output = [UInt8]()
        output.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index + 4 <= values.count {
            let chunk =
                UInt32(values[index]) << 18 | UInt32(values[index + 1]) << 12 | UInt32(values[index + 2]) << 6
                | UInt32(values[index + 3])
            output.append(UInt8(chunk >> 16 & 0xFF))
            output.append(UInt8(chunk >> 8 & 0xFF))
            output.append(UInt8(chunk & 0xFF))
            index += 4
        }
        let remaining = values.count - index
        if remaining == 2 {
            let chunk = UInt32(values[index]) << 18 | UInt32(values[index + 1]) << 12
            output.append(UInt8(chunk >> 16 & 0xFF))
        } else if remaining == 3 {
            let chunk = UInt32(values[index]) << 18 | UInt32(values[index + 1]) << 12 | UInt32(values[index + 2]) << 6
            output.append(UInt8(chunk >> 16 & 0xFF))
            output.append(UInt8(chunk >> 8 & 0xFF))
        }
        return output
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
#endif
