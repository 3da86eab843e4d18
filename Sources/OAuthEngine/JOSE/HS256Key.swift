import Crypto
import Foundation

/// An HS256 secret ready to verify many tokens: HMAC's keyed state is computed once and each check starts
/// from a copy of it.
///
/// swift-crypto's `HMAC(key:)` pads the key, allocates the inner and outer key blocks and hashes one block
/// into each of two contexts on every call. For a LINE ID token that set-up is half of a one-shot
/// `HMAC<SHA256>.authenticationCode` (1.1 µs from the keyed state against 2.2 µs one-shot in
/// docs/BENCHMARKS.md), so a validator that keeps one secret for its whole life keys it once, as OpenSSL
/// users copy an `HMAC_CTX`. The key stays inside the HMAC state, as it stays in the `SymmetricKey`; the state
/// is boxed because older Apple SDKs don't declare CryptoKit's `HMAC` `Sendable` (``CryptoSendableBox``).
struct HS256Key: Sendable {
    /// RFC 7518 §3.2: an HS256 key must be at least as long as the hash output.
    static let minimumBytes = 32

    /// Whether the secret is at least ``minimumBytes`` long.
    let isLongEnough: Bool
    private let keyed: CryptoSendableBox<HMAC<SHA256>>

    /// Keys HMAC-SHA256 with `secret` (any length; ``verify(_:)`` applies the minimum).
    init(_ secret: SymmetricKey) {
        isLongEnough = Self.isLongEnough(secret)
        keyed = CryptoSendableBox(HMAC(key: secret))
    }

    /// Whether `secret` is at least ``minimumBytes`` long (the one rule for a JWK and a configured secret).
    static func isLongEnough(_ secret: SymmetricKey) -> Bool {
        secret.bitCount >= minimumBytes * 8
    }

    /// Refuses a secret shorter than ``minimumBytes`` (``JOSEError/invalidKey(_:)``), then checks the
    /// token's signature (``JOSEError/invalidSignature``).
    func verify(_ jws: CompactJWS) throws(JOSEError) {
        guard isLongEnough else { throw .invalidKey("HMAC key is shorter than 32 bytes") }
        guard jws.withSigningInput({ isValid(signature: jws.signature, signed: $0) }) else { throw .invalidSignature }
    }

    /// Whether `signature` is the full 32-byte HMAC-SHA256 tag of `signingInput`, compared in constant
    /// time (swift-crypto's and CryptoKit's `==` between a MAC and bytes). No length policy here.
    func isValid(signature: [UInt8], signed signingInput: some DataProtocol) -> Bool {
        guard signature.count == SHA256.byteCount else { return false }
        var hmac = keyed.value
        hmac.update(data: signingInput)
        return hmac.finalize() == signature
    }
}
