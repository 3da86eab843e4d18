/// A JWS in compact serialization (RFC 7515 §7.1), parsed but not yet verified.
///
/// Parsing is strict: at most ``maximumLength`` bytes, exactly three parts separated by `.`, each strict base64url without padding or
/// whitespace, a header that is a JSON object with a string `alg`, and (for JWTs, the default) a
/// payload that is a JSON object. Every part is decoded once.
public struct CompactJWS: Sendable {
    /// What the payload must be.
    public enum PayloadFormat: Sendable {
        /// A JSON object (a JWT claim set); it is checked in full and kept as ``CompactJWS/claimSet``.
        case jsonObject
        /// Any bytes; ``CompactJWS/claims`` stays empty. For generic JWS, not for ID tokens.
        case opaque
    }

    /// The protected header.
    public let header: JOSEHeader
    /// The payload bytes, base64url-decoded.
    public let payload: [UInt8]
    /// The payload's claims, checked as a JSON object and decoded one by one when read (empty for an
    /// ``PayloadFormat/opaque`` payload).
    public let claimSet: ClaimSet
    /// Every claim of the payload (empty for an ``PayloadFormat/opaque`` payload), decoded each time this is
    /// read; ``claimSet`` reads one claim without decoding the others.
    public var claims: [String: JSONValue] { claimSet.dictionary }
    /// The ASCII bytes of `<header>.<payload>`, the input the signature covers (copied from the token each
    /// time this is read; the verifier reads them in place).
    public var signingInput: [UInt8] { Array(text.utf8.prefix(signingInputCount)) }
    /// The signature bytes, base64url-decoded (may be empty; verification then fails).
    public let signature: [UInt8]

    /// The longest compact JWS parsed, in bytes: 64 KiB. Real ID tokens are 1–3 KB (a LINE ES256 token is
    /// under 1 KB; a large claim set with RS256 stays under 4 KB), so this is far above any of them and far
    /// below what makes decoding a cost worth attacking (Microsoft's JWT handler stops at 250 KB). Anything
    /// longer is refused with ``JOSEError/tooLarge(limit:)`` before a byte is decoded.
    public static let maximumLength = 65_536

    /// Parses a compact JWS whose payload is a JSON object (a JWT).
    public init(parsing compact: some StringProtocol) throws(JOSEError) {
        try self.init(parsing: compact, payload: .jsonObject)
    }

    /// Parses a compact JWS, requiring the payload to be in `format`.
    public init(parsing compact: some StringProtocol, payload format: PayloadFormat) throws(JOSEError) {
        guard compact.utf8.count <= Self.maximumLength else { throw .tooLarge(limit: Self.maximumLength) }
        var text = String(compact)
        // One contiguous UTF-8 buffer for the whole token: the dots, the three decodes and the signing
        // input are then plain memory operations (this runs on every request a server verifies).
        let parts: Result<(header: [UInt8], payload: [UInt8], signature: [UInt8], signingInputCount: Int), JOSEError> =
            text.withUTF8 { buffer in Self.split(buffer) }
        let (headerBytes, payloadBytes, signatureBytes, signingInputCount) = try parts.get()
        self.header = try JOSEHeader(object: ClaimSet(payload: headerBytes))
        switch format {
        case .jsonObject: self.claimSet = try ClaimSet(payload: payloadBytes)
        case .opaque: self.claimSet = ClaimSet()
        }
        self.payload = payloadBytes
        self.signature = signatureBytes
        // The token itself, now native UTF-8 (`withUTF8` made it so), holds the signing input: no copy.
        self.text = text
        self.signingInputCount = signingInputCount
    }

    /// The token, whose first ``signingInputCount`` bytes are the signing input.
    private let text: String
    private let signingInputCount: Int

    /// Calls `body` with the signing input in place (a copy only if the token's UTF-8 isn't contiguous).
    func withSigningInput<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let count = signingInputCount
        if let result = text.utf8.withContiguousStorageIfAvailable({
            body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[..<count])))
        }) {
            return result
        }
        return signingInput.withUnsafeBytes(body)
    }

    /// The index of the first `byte` in `buffer` at or after `start`. Eight bytes at a time: a word with no
    /// `byte` in it is skipped whole (the classic zero-byte test on `word ^ repeated byte`), and only the
    /// word that has one is searched byte by byte.
    private static func index(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        if let base = UnsafeRawPointer(buffer.baseAddress) {
            let repeated = UInt64(byte) &* 0x0101_0101_0101_0101
            while index + 8 <= buffer.count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ repeated
                if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
        }
        while index < buffer.count {
            if buffer[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private static func split(_ buffer: UnsafeBufferPointer<UInt8>)
        -> Result<(header: [UInt8], payload: [UInt8], signature: [UInt8], signingInputCount: Int), JOSEError>
    {
        // The two dots, and no third one after them (a byte-by-byte loop here was a tenth of the overhead).
        guard let first = Self.index(of: UInt8(ascii: "."), in: buffer, from: 0),
            let second = Self.index(of: UInt8(ascii: "."), in: buffer, from: first + 1)
        else { return .failure(.malformed("compact JWS needs three parts")) }
        if Self.index(of: UInt8(ascii: "."), in: buffer, from: second + 1) != nil {
            return .failure(.malformed("compact JWS has more than three parts"))
        }
        guard let header = Base64URL.decode(buffer: UnsafeBufferPointer(rebasing: buffer[..<first])) else {
            return .failure(.malformed("header is not base64url"))
        }
        guard let payload = Base64URL.decode(buffer: UnsafeBufferPointer(rebasing: buffer[(first + 1)..<second])) else {
            return .failure(.malformed("payload is not base64url"))
        }
        guard let signature = Base64URL.decode(buffer: UnsafeBufferPointer(rebasing: buffer[(second + 1)...])) else {
            return .failure(.malformed("signature is not base64url"))
        }
        return .success((header, payload, signature, second))
    }
}
