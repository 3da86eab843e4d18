// expected-error: stored property 'keyed' of 'Sendable'-conforming struct 'Fingerprint' has non-Sendable type 'HMAC<SHA256>'
// CryptoKit's HMAC state is not Sendable in the iOS 17 / macOS 14 SDKs (Xcode reported HS256Key and TokenFingerprint).
import Crypto

struct Fingerprint: Sendable {
    let keyed: HMAC<SHA256>
}
