#if Emulator
import Crypto
import Foundation

/// One ES256 key of the emulator's key ring.
struct SigningKey: Sendable {
    /// The JWS `kid`.
    let keyID: String
    /// When the key was rotated out; `nil` while it is the current key.
    var retiredAt: Date?
    private let boxedKey: PrivateKeyBox

    /// The P-256 private key.
    var privateKey: P256.Signing.PrivateKey { boxedKey.key }

    /// A key of the ring.
    init(keyID: String, privateKey: P256.Signing.PrivateKey, retiredAt: Date?) {
        self.keyID = keyID
        self.retiredAt = retiredAt
        boxedKey = PrivateKeyBox(key: privateKey)
    }

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

/// CryptoKit in the iOS 17 / macOS 14 SDKs doesn't declare its keys `Sendable` (swift-crypto on Linux does; later
/// SDKs add it with availability). A private key is an immutable value, safe to share, which Apple's later
/// conformance asserts. The engine has the same box (`CryptoSendableBox`); the emulator keeps this one of its own
/// because it depends on no client code.
// @unchecked: an immutable CryptoKit key, which older Apple SDKs don't declare `Sendable` (see above).
private struct PrivateKeyBox: @unchecked Sendable {
    let key: P256.Signing.PrivateKey
}
#endif
