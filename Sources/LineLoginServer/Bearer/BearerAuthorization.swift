#if Server
/// The token of an `Authorization` header, for any web framework's middleware.
public enum BearerAuthorization {
    /// The token of `Bearer <token>` (scheme case-insensitive, RFC 6750 §2.1), or `nil`.
    ///
    /// Byte-wise on purpose: this runs on every request, and Foundation's `trimmingCharacters(in:)`
    /// goes through UTF-16 on Linux, which cost more than a cached verification.
    public static func token(_ header: String) -> String? {
        let bytes = Array(header.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var index = 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        let schemeStart = index
        while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
        guard index - schemeStart == 6,
            String(decoding: bytes[schemeStart..<index], as: UTF8.self).lowercased() == "bearer"
        else { return nil }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        var end = bytes.count
        while end > index, isSpace(bytes[end - 1]) { end -= 1 }
        guard end > index else { return nil }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }
}
#endif
