import Crypto

/// A CryptoKit key or MAC state that crosses concurrency domains whatever the SDK declares of it.
///
/// On Apple platforms swift-crypto's `Crypto` is CryptoKit, and CryptoKit in the iOS 17 / macOS 14 SDKs
/// declares `SymmetricKey`, `HMAC` and the P-256 keys without `Sendable` (later SDKs add the conformances
/// with availability, which a lower deployment target doesn't see); swift-crypto on Linux declares them
/// `Sendable`. The values are safe to share: keys are immutable values, and HMAC's hash state is copied on
/// write, so every holder's `var` copy updates its own state while the shared original is never mutated.
/// That is what Apple's own later conformance asserts, so the box is `@unchecked Sendable` and admits only
/// the types listed as ``CryptoKitValue``.
// @unchecked: the values are immutable (or copied on write) and only the SDK's declaration is missing (see above).
package struct CryptoSendableBox<Value: CryptoKitValue>: @unchecked Sendable {
    /// The value.
    package let value: Value

    /// Boxes `value`.
    package init(_ value: Value) { self.value = value }
}

/// The CryptoKit types ``CryptoSendableBox`` may hold: immutable keys and copy-on-write MAC state.
package protocol CryptoKitValue {}

extension SymmetricKey: CryptoKitValue {}
extension HMAC: CryptoKitValue {}
extension P256.Signing.PublicKey: CryptoKitValue {}
