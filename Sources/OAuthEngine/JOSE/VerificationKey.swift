public import Crypto
public import CryptoExtras

/// A key that verifies JWS signatures. Each case serves exactly one algorithm: a public key is
/// never used as an HMAC secret, and a secret never for ES256 or RS256.
public enum VerificationKey: Sendable {
    /// A shared secret for HS256 (at least 32 bytes, RFC 7518 §3.2).
    case hmac(SymmetricKey)
    /// A P-256 public key for ES256.
    case p256(P256.Signing.PublicKey)
    /// An RSA public key (at least 2048 bits) for RS256.
    case rsa(_RSA.Signing.PublicKey)

    /// The one algorithm this key verifies.
    public var algorithm: JWSAlgorithm {
        switch self {
        case .hmac: .hs256
        case .p256: .es256
        case .rsa: .rs256
        }
    }
}
