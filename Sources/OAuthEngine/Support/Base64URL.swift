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
        // Array(unsafeUninitializedCapacity: 0) writes its count into the one shared empty-array storage,
        // a data race (ThreadSanitizer reports it) when two threads decode an empty part at once.
        if count == 0 { return [] }
        let outputCount = count / 4 * 3 + (count % 4 == 0 ? 0 : count % 4 - 1)
        return decodeTable.withUnsafeBufferPointer { table -> [UInt8]? in
            var valid = true
            let output = [UInt8](unsafeUninitializedCapacity: outputCount) { out, initialized in
                // Four characters, three bytes at a time (an RS256 signature is 342 characters, decoded on
                // every validation). Values are 0–63, so a 0xFF from the table shows in the OR of the four.
                let whole = count - count % 4
                var read = 0
                var written = 0
                // A local copy of the output buffer: writes through the `inout` parameter were reloaded on
                // every byte.
                let output = out
                while read < whole {
                    let a = table[Int(input[read])]
                    let b = table[Int(input[read + 1])]
                    let c = table[Int(input[read + 2])]
                    let d = table[Int(input[read + 3])]
                    guard (a | b | c | d) & 0xC0 == 0 else {
                        valid = false
                        break
                    }
                    let bits = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    output[written] = UInt8(truncatingIfNeeded: bits >> 16)
                    output[written + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                    output[written + 2] = UInt8(truncatingIfNeeded: bits)
                    read += 4
                    written += 3
                }
                // Two or three characters left: one or two bytes, and the leftover bits must be zero so that
                // each value has one encoding.
                if valid, count - whole >= 2 {
                    let a = table[Int(input[whole])]
                    let b = table[Int(input[whole + 1])]
                    let c = count - whole == 3 ? table[Int(input[whole + 2])] : 0
                    if (a | b | c) & 0xC0 != 0 {
                        valid = false
                    } else if count - whole == 2 {
                        let bits = UInt32(a) << 6 | UInt32(b)
                        if bits & 0xF != 0 { valid = false }
                        out[written] = UInt8(truncatingIfNeeded: bits >> 4)
                        written += 1
                    } else {
                        let bits = UInt32(a) << 12 | UInt32(b) << 6 | UInt32(c)
                        if bits & 0x3 != 0 { valid = false }
                        out[written] = UInt8(truncatingIfNeeded: bits >> 10)
                        out[written + 1] = UInt8(truncatingIfNeeded: bits >> 2)
                        written += 2
                    }
                }
                initialized = valid ? written : 0
            }
            return valid ? output : nil
        }
    }
}
