// Stand-in for swift-crypto's `Crypto` module as it builds on Apple platforms: every file of it is
// `#if CRYPTO_IN_SWIFTPM && !CRYPTO_IN_SWIFTPM_FORCE_BUILD_API  @_exported import CryptoKit`, so `import Crypto`
// there is CryptoKit (see .build/checkouts/swift-crypto/Sources/Crypto/).
@_exported import CryptoKit
