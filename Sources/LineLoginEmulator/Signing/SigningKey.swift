import Crypto
import Foundation

/// One ES256 key of the emulator's key ring.
struct SigningKey: Sendable {
    /// The JWS `kid`.
    let keyID: String
    /// The P-256 private key.
    let privateKey: P256.Signing.PrivateKey
    /// When the key was rotated out; `nil` while it is the current key.
    var retiredAt: Date?

    /// A fresh key with a random key ID.
    static func generate() -> SigningKey {
        SigningKey(keyID: RandomToken.hex(byteCount: 16), privateKey: P256.Signing.PrivateKey(), retiredAt: nil)
    }

    /// The public key as a JWK (`kty` EC, `crv` P-256, `alg` ES256, `use` sig).
    var jwk: JSONWebKey {
        // x963 is 0x04 || x (32 bytes) || y (32 bytes).
        let point = Array(privateKey.publicKey.x963Representation)
        return JSONWebKey(
            kty: "EC",
            crv: "P-256",
            x: Base64URL.encode(point[1..<33]),
            y: Base64URL.encode(point[33..<65]),
            kid: keyID,
            alg: "ES256",
            use: "sig"
        )
    }
}
