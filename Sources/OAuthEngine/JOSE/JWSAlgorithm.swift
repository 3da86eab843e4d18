/// The JWS algorithms this library verifies (RFC 7518 §3). Anything else — `none`, `HS384`,
/// `PS256`, ... — is refused as unsupported.
public enum JWSAlgorithm: String, Sendable, CaseIterable {
    /// HMAC with SHA-256; the key is a shared secret of at least 32 bytes.
    case hs256 = "HS256"
    /// ECDSA on P-256 with SHA-256; the signature is raw `r || s` (64 bytes).
    case es256 = "ES256"
    /// RSASSA-PKCS1-v1_5 with SHA-256; the modulus is at least 2048 bits.
    case rs256 = "RS256"
}
