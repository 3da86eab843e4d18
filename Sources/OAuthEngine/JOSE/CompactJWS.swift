/// A JWS in compact serialization (RFC 7515 §7.1), parsed but not yet verified.
///
/// Parsing is strict: exactly three parts separated by `.`, each strict base64url without padding or
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

    /// Parses a compact JWS whose payload is a JSON object (a JWT).
    public init(parsing compact: some StringProtocol) throws(JOSEError) {
        try self.init(parsing: compact, payload: .jsonObject)
    }

    /// Parses a compact JWS, requiring the payload to be in `format`.
    public init(parsing compact: some StringProtocol, payload format: PayloadFormat) throws(JOSEError) {
        let text = String(compact)
        let utf8 = text.utf8
        guard let firstDot = utf8.firstIndex(of: UInt8(ascii: ".")) else {
            throw .malformed("compact JWS needs three parts")
        }
        let payloadStart = utf8.index(after: firstDot)
        guard let secondDot = utf8[payloadStart...].firstIndex(of: UInt8(ascii: ".")) else {
            throw .malformed("compact JWS needs three parts")
        }
        let signatureStart = utf8.index(after: secondDot)
        guard !utf8[signatureStart...].contains(UInt8(ascii: ".")) else {
            throw .malformed("compact JWS has more than three parts")
        }

        guard let headerBytes = Base64URL.decode(text[..<firstDot]) else {
            throw .malformed("header is not base64url")
        }
        guard let payloadBytes = Base64URL.decode(text[payloadStart..<secondDot]) else {
            throw .malformed("payload is not base64url")
        }
        guard let signatureBytes = Base64URL.decode(text[signatureStart...]) else {
            throw .malformed("signature is not base64url")
        }

        self.header = try JOSEHeader(fields: JSONValue.parseObject(headerBytes))
        switch format {
        case .jsonObject: self.claims = try JSONValue.parseObject(payloadBytes)
        case .opaque: self.claims = [:]
        }
        self.payload = payloadBytes
        self.signature = signatureBytes
        self.signingInput = Array(utf8[..<secondDot])
    }
}
