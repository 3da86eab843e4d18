import Crypto
import Foundation

/// A keyed hash of a token (HMAC-SHA256 with a key that lives only in this process), so caches can
/// find a token's entry without ever holding the token, and a memory dump can't be matched against
/// tokens seen elsewhere.
struct TokenFingerprint: Sendable {
    private let key: SymmetricKey

    /// A fingerprinter with a fresh random key.
    init() {
        key = SymmetricKey(size: .bits256)
    }

    /// The 32-byte fingerprint of `token`.
    func callAsFunction(_ token: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(token.utf8), using: key))
    }
}
