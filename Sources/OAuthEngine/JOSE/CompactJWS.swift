/// A JWS in compact serialization (RFC 7515 §7.1), parsed but not yet verified.
///
/// Parsing is strict: at most ``maximumLength`` bytes, exactly three parts separated by `.`, each strict base64url without padding or
/// whitespace, a header that is a JSON object with a string `alg`, and (for JWTs, the default) a
/// payload that is a JSON object. Every part is decoded once.
public struct CompactJWS: Sendable {
    /// What the payload must be.
    public enum PayloadFormat: Sendable {
        /// A JSON object (a JWT claim set); it is parsed into ``CompactJWS/claims``.
        case jsonObject
        /// Any bytes; ``CompactJWS/claims`` stays empty. For generic JWS, not for ID tokens.
        case opaque
    }

    /// The protected header.
    public let header: JOSEHeader
    /// The payload bytes, base64url-decoded.
    public let payload: [UInt8]
    /// The payload parsed as a JSON object (empty for an ``PayloadFormat/opaque`` payload).
    public let claims: [String: JSONValue]
    /// The ASCII bytes of `<header>.<payload>`, the input the signature covers.
    public let signingInput: [UInt8]
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
        let parts: Result<(header: [UInt8], payload: [UInt8], signature: [UInt8], signingInput: [UInt8]), JOSEError> =
            text.withUTF8 { buffer in Self.split(buffer) }
        let (headerBytes, payloadBytes, signatureBytes, signingInput) = try parts.get()
        self.header = try JOSEHeader(fields: JSONValue.parseObject(headerBytes))
        switch format {
        case .jsonObject: self.claims = try JSONValue.parseObject(payloadBytes)
        case .opaque: self.claims = [:]
        }
        self.payload = payloadBytes
        self.signature = signatureBytes
        self.signingInput = signingInput
    }

    private static func split(_ buffer: UnsafeBufferPointer<UInt8>)
        -> Result<(header: [UInt8], payload: [UInt8], signature: [UInt8], signingInput: [UInt8]), JOSEError> {
        var dots: [Int] = []
        for index in buffer.indices where buffer[index] == UInt8(ascii: ".") {
            dots.append(index)
            if dots.count > 2 { return .failure(.malformed("compact JWS has more than three parts")) }
        }
        guard dots.count == 2 else { return .failure(.malformed("compact JWS needs three parts")) }
        let (first, second) = (dots[0], dots[1])
        guard let header = Base64URL.decode(buffer: UnsafeBufferPointer(rebasing: buffer[..<first])) else {
            return .failure(.malformed("header is not base64url"))
        }
        guard let payload = Base64URL.decode(buffer: UnsafeBufferPointer(rebasing: buffer[(first + 1)..<second])) else {
            return .failure(.malformed("payload is not base64url"))
        }
        guard let signature = Base64URL.decode(buffer: UnsafeBufferPointer(rebasing: buffer[(second + 1)...])) else {
            return .failure(.malformed("signature is not base64url"))
        }
        return .success((header, payload, signature, Array(buffer[..<second])))
    }
}
