// expected-error: stored property 'key' of 'Sendable'-conforming struct 'CookieKey' has non-Sendable type 'SymmetricKey'
// CryptoKit in the iOS 17 / macOS 14 SDKs declares SymmetricKey without Sendable (swift-crypto on Linux declares
// it Sendable): hold it in CryptoSendableBox. This is what Xcode reported for CookieSealer.
import Crypto

struct CookieKey: Sendable {
    let key: SymmetricKey
}
