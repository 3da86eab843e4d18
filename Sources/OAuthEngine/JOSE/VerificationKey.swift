public import Crypto

/// A key that verifies JWS signatures. Each key serves exactly one algorithm: a public key is never used as
/// an HMAC secret, and a secret never for ES256 or RS256.
///
/// A struct over the platform's key types rather than an enum of them: CryptoKit's keys are not `Sendable`
/// in older Apple SDKs, so they are held in boxes that the API never shows.
public struct VerificationKey: Sendable {
    enum Material: Sendable {
        case hmac(HS256Key)
        case p256(CryptoSendableBox<P256.Signing.PublicKey>)
        case rsa(RSAPublicKey)
    }

    let material: Material

    /// A shared secret for HS256 (at least 32 bytes to verify anything, RFC 7518 §3.2).
    public static func hmac(_ secret: SymmetricKey) -> VerificationKey {
        VerificationKey(material: .hmac(HS256Key(secret)))
    }

    /// A P-256 public key for ES256.
    public static func p256(_ publicKey: P256.Signing.PublicKey) -> VerificationKey {
        VerificationKey(material: .p256(CryptoSendableBox(publicKey)))
    }

    /// An RSA public key for RS256.
    public static func rsa(_ publicKey: RSAPublicKey) -> VerificationKey {
        VerificationKey(material: .rsa(publicKey))
    }

    /// The one algorithm this key verifies.
    public var algorithm: JWSAlgorithm {
        switch material {
        case .hmac: .hs256
        case .p256: .es256
        case .rsa: .rs256
        }
    }

    /// The P-256 key, for an ES256 key.
    public var p256PublicKey: P256.Signing.PublicKey? {
        if case .p256(let box) = material { box.value } else { nil }
    }

    /// The RSA key, for an RS256 key.
    public var rsaPublicKey: RSAPublicKey? {
        if case .rsa(let key) = material { key } else { nil }
    }
}
