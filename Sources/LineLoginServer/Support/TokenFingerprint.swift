#if Server
import Crypto
import Foundation
import OAuthEngine

/// A keyed hash of a token (HMAC-SHA256 with a key that lives only in this process), so caches can
/// find a token's entry without ever holding the token, and a memory dump can't be matched against
/// tokens seen elsewhere.
struct TokenFingerprint: Sendable {
    // Keyed once: each fingerprint starts from a copy of this state instead of deriving the padded keys
    // again (a cache hit in a bearer middleware is mostly this hash). Boxed: CryptoKit's HMAC is not
    // Sendable in older Apple SDKs (CryptoSendableBox says why sharing it is safe).
    private let keyed: CryptoSendableBox<HMAC<SHA256>>

    /// A fingerprinter with a fresh random key.
    init() {
        keyed = CryptoSendableBox(HMAC(key: SymmetricKey(size: .bits256)))
    }

    /// The 32-byte fingerprint of `token`.
    func callAsFunction(_ token: String) -> Data {
        var hmac = keyed.value
        var token = token
        // The string's own UTF-8 storage, not a copy of the token.
        token.withUTF8 { hmac.update(data: UnsafeRawBufferPointer($0)) }
        return Data(hmac.finalize())
    }
}
#endif
