public import Foundation

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

    // 0–63 for the base64url alphabet, 0xFF for everything else.
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8.enumerated() {
            table[Int(character)] = UInt8(index)
        }
        return table
    }()

    /// Decodes strict base64url: only `A–Z a–z 0–9 - _`, no padding, no whitespace, and no
    /// non-zero trailing bits (so each value has exactly one encoding). Returns `nil` otherwise.
    public static func decode<S: StringProtocol>(_ string: S) -> [UInt8]? {
        // Token parts are contiguous UTF-8 in practice; this is the hot path of every validation.
        if let fast = string.utf8.withContiguousStorageIfAvailable({ decode(bytes: $0) }) { return fast }
        return decode(bytes: Array(string.utf8))
    }

    /// Decodes strict base64url from ASCII bytes.
    public static func decode(bytes input: some Collection<UInt8>) -> [UInt8]? {
        if let fast = input.withContiguousStorageIfAvailable({ decode(buffer: $0) }) { return fast }
        return Array(input).withUnsafeBufferPointer { decode(buffer: $0) }
    }

    static func decode(buffer input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let count = input.count
        // A length of 1 mod 4 leaves 6 bits, which can't end a byte.
        if count % 4 == 1 { return nil }
        let outputCount = count / 4 * 3 + (count % 4 == 0 ? 0 : count % 4 - 1)
        return decodeTable.withUnsafeBufferPointer { table -> [UInt8]? in
            var valid = true
            let output = [UInt8](unsafeUninitializedCapacity: outputCount) { out, initialized in
                var accumulator: UInt32 = 0
                var bits = 0
                var written = 0
                for byte in input {
                    let value = table[Int(byte)]
                    if value == 0xFF { valid = false; break }
                    accumulator = (accumulator << 6) | UInt32(value)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        out[written] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                        written += 1
                    }
                }
                // Leftover bits must be zero so that each value has one encoding.
                if valid, bits > 0, accumulator & ((1 << UInt32(bits)) - 1) != 0 { valid = false }
                initialized = valid ? written : 0
            }
            return valid ? output : nil
        }
    }
}
