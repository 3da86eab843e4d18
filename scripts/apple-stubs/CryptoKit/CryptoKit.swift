// Stand-in for the subset of Apple's CryptoKit that this package uses, as the iOS 17 and macOS 14 SDKs declare
// it: none of these types is `Sendable` there (swift-crypto on Linux declares them `Sendable`; Apple's SDKs from
// iOS 18 / macOS 15 add the conformances with availability, which a lower deployment target doesn't see). So
// a `Sendable` type that stores one of them fails here, as it fails with Xcode.
// Each declaration was checked against its developer.apple.com page (the URL beside it; today's pages show the
// later SDKs' `Sendable`) and against CryptoKit's Swift interface from the iOS 15.4 SDK
// (arm64e-apple-ios.swiftinterface, CryptoKit 86.100.11), which has the same shapes without `Sendable`.
// Overloads and parameters the package doesn't use are left out (a call using one fails here, not in Xcode).
// Not re-exported: importing Crypto doesn't make Foundation visible (nor does swift-crypto's on Linux).
public import Foundation
public import AppleFoundationShim

// Not Equatable in the SDK (an enum with an associated value; the interface declares only `Error`).
// https://developer.apple.com/documentation/cryptokit/cryptokiterror
public enum CryptoKitError: Error {
    case incorrectKeySize
    case incorrectParameterSize
    case authenticationFailure
    case underlyingCoreCryptoError(error: Int32)
    // iOS 15 / macOS 12.
    case wrapFailure
    case unwrapFailure
    // iOS 16 / macOS 13.
    // https://developer.apple.com/documentation/cryptokit/cryptokiterror/invalidparameter
    case invalidParameter
}

// The iOS 18 SDK adds `Sendable` to this refinement list (today's page shows it); the iOS 17 one has none.
// https://developer.apple.com/documentation/cryptokit/digest
public protocol Digest: ContiguousBytes, CustomStringConvertible, Hashable, Sequence where Element == UInt8 {
    // https://developer.apple.com/documentation/cryptokit/digest/bytecount
    static var byteCount: Int { get }
}

// https://developer.apple.com/documentation/cryptokit/hashfunction
public protocol HashFunction {
    associatedtype Digest: CryptoKit.Digest
    // https://developer.apple.com/documentation/cryptokit/hashfunction/blockbytecount
    static var blockByteCount: Int { get }
    // https://developer.apple.com/documentation/cryptokit/hashfunction/init()
    init()
    // https://developer.apple.com/documentation/cryptokit/hashfunction/update(bufferpointer:)
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    // https://developer.apple.com/documentation/cryptokit/hashfunction/finalize()
    func finalize() -> Digest
}

// No `byteCount` here: the SDK declares it on each hash function (`SHA256.byteCount`), not on the protocol; generic
// code reads `H.Digest.byteCount`.
extension HashFunction {
    // https://developer.apple.com/documentation/cryptokit/hashfunction/hash(data:)
    public static func hash<D: DataProtocol>(data: D) -> Digest { fatalError("stand-in") }
    // https://developer.apple.com/documentation/cryptokit/hashfunction/update(data:)
    public mutating func update<D: DataProtocol>(data: D) {}
}

// SHA256's page and its members' were not found by the search tool (the SHA2_256 alias page and SHA384's
// blockByteCount page were); these are the members of `public struct SHA256` in the SDK's Swift interface
// (`blockByteCount` and `byteCount` are `{ get }` from iOS 14 / macOS 11 on), and `extension SHA256: HashFunction`.
// https://developer.apple.com/documentation/cryptokit/sha256
public struct SHA256: HashFunction {
    public typealias Digest = SHA256Digest
    public static var blockByteCount: Int { 64 }
    // SHA256's own member, not HashFunction's.
    public static var byteCount: Int { 32 }
    public init() {}
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {}
    public func finalize() -> SHA256Digest { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/cryptokit/sha256digest
public struct SHA256Digest: Digest {
    public static var byteCount: Int { 32 }
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { fatalError("stand-in") }
    public func makeIterator() -> Array<UInt8>.Iterator { fatalError("stand-in") }
    public var description: String { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/cryptokit/symmetrickeysize
public struct SymmetricKeySize {
    // https://developer.apple.com/documentation/cryptokit/symmetrickeysize/bitcount
    public let bitCount: Int
    // https://developer.apple.com/documentation/cryptokit/symmetrickeysize/init(bitcount:)
    public init(bitCount: Int) { self.bitCount = bitCount }
    // https://developer.apple.com/documentation/cryptokit/symmetrickeysize/bits128
    public static var bits128: SymmetricKeySize { SymmetricKeySize(bitCount: 128) }
    // https://developer.apple.com/documentation/cryptokit/symmetrickeysize/bits192
    public static var bits192: SymmetricKeySize { SymmetricKeySize(bitCount: 192) }
    // https://developer.apple.com/documentation/cryptokit/symmetrickeysize/bits256
    public static var bits256: SymmetricKeySize { SymmetricKeySize(bitCount: 256) }
}

// `ContiguousBytes`, and `Equatable` in an extension (a constant-time `==`), as the SDK declares it.
// https://developer.apple.com/documentation/cryptokit/symmetrickey
public struct SymmetricKey: ContiguousBytes, Equatable {
    // https://developer.apple.com/documentation/cryptokit/symmetrickey/init(data:)
    public init<D: ContiguousBytes>(data: D) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/cryptokit/symmetrickey/init(size:)
    public init(size: SymmetricKeySize) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/cryptokit/symmetrickey/bitcount
    public var bitCount: Int { fatalError("stand-in") }
    // https://developer.apple.com/documentation/cryptokit/symmetrickey/withunsafebytes(_:)
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { fatalError("stand-in") }
    public static func == (lhs: SymmetricKey, rhs: SymmetricKey) -> Bool { fatalError("stand-in") }
}

// As Digest: the iOS 18 SDK adds `Sendable` to the refinements.
// https://developer.apple.com/documentation/cryptokit/messageauthenticationcode
public protocol MessageAuthenticationCode: ContiguousBytes, CustomStringConvertible, Hashable, Sequence where Element == UInt8 {
    // https://developer.apple.com/documentation/cryptokit/messageauthenticationcode/bytecount
    var byteCount: Int { get }
}

extension MessageAuthenticationCode {
    // https://developer.apple.com/documentation/cryptokit/messageauthenticationcode/==(_:_:)-3rxc4
    public static func == <D: DataProtocol>(lhs: Self, rhs: D) -> Bool { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/cryptokit/hashedauthenticationcode
public struct HashedAuthenticationCode<H: HashFunction>: MessageAuthenticationCode {
    public var byteCount: Int { fatalError("stand-in") }
    public var description: String { fatalError("stand-in") }
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { fatalError("stand-in") }
    public func makeIterator() -> Array<UInt8>.Iterator { fatalError("stand-in") }
    public static func == (lhs: Self, rhs: Self) -> Bool { fatalError("stand-in") }
    public func hash(into hasher: inout Hasher) {}
}

// https://developer.apple.com/documentation/cryptokit/hmac
public struct HMAC<H: HashFunction> {
    public typealias Key = SymmetricKey
    public typealias MAC = HashedAuthenticationCode<H>
    // https://developer.apple.com/documentation/cryptokit/hmac/init(key:)
    public init(key: SymmetricKey) {}
    // https://developer.apple.com/documentation/cryptokit/hmac/update(data:)
    public mutating func update<D: DataProtocol>(data: D) {}
    // https://developer.apple.com/documentation/cryptokit/hmac/finalize()
    public func finalize() -> HashedAuthenticationCode<H> { fatalError("stand-in") }
    // https://developer.apple.com/documentation/cryptokit/hmac/authenticationcode(for:using:)-737ab
    public static func authenticationCode<D: DataProtocol>(for data: D, using key: SymmetricKey) -> HashedAuthenticationCode<H> {
        fatalError("stand-in")
    }
    // The ContiguousBytes overload (iOS 13.2); the SDK also has one taking `HMAC<H>.MAC` (-8ezmw) and one taking an
    // `UnsafeRawBufferPointer` (-5jbc8).
    // https://developer.apple.com/documentation/cryptokit/hmac/isvalidauthenticationcode(_:authenticating:using:)-5ilt9
    public static func isValidAuthenticationCode<C: ContiguousBytes, D: DataProtocol>(
        _ authenticationCode: C, authenticating authenticatedData: D, using key: SymmetricKey
    ) -> Bool { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/cryptokit/p256
public enum P256 {
    // https://developer.apple.com/documentation/cryptokit/p256/signing
    public enum Signing {
        // https://developer.apple.com/documentation/cryptokit/p256/signing/publickey
        public struct PublicKey {
            // https://developer.apple.com/documentation/cryptokit/p256/signing/publickey/init(x963representation:)
            public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws { fatalError("stand-in") }
            // https://developer.apple.com/documentation/cryptokit/p256/signing/publickey/x963representation
            public var x963Representation: Data { fatalError("stand-in") }
            // The DataProtocol overload (the SDK also has one for a `Digest`). Its P-256 page was not found by the
            // search tool; the declaration is the SDK interface's and matches the P-384 page's, isvalidsignature(_:for:)-2zf75.
            // https://developer.apple.com/documentation/cryptokit/p256/signing/publickey
            public func isValidSignature<D: DataProtocol>(_ signature: ECDSASignature, for data: D) -> Bool { fatalError("stand-in") }
        }

        // https://developer.apple.com/documentation/cryptokit/p256/signing/privatekey
        public struct PrivateKey {
            // https://developer.apple.com/documentation/cryptokit/p256/signing/privatekey/init(compactrepresentable:)
            public init(compactRepresentable: Bool = true) { fatalError("stand-in") }
            // https://developer.apple.com/documentation/cryptokit/p256/signing/privatekey/init(rawrepresentation:)
            public init<Bytes: ContiguousBytes>(rawRepresentation: Bytes) throws { fatalError("stand-in") }
            // https://developer.apple.com/documentation/cryptokit/p256/signing/privatekey/rawrepresentation
            public var rawRepresentation: Data { fatalError("stand-in") }
            // https://developer.apple.com/documentation/cryptokit/p256/signing/privatekey/publickey
            public var publicKey: PublicKey { fatalError("stand-in") }
            // Throws, as the page says. The DataProtocol overload (the SDK also has one for a `Digest`).
            // https://developer.apple.com/documentation/cryptokit/p256/signing/privatekey/signature(for:)-5h94p
            public func signature<D: DataProtocol>(for data: D) throws -> ECDSASignature { fatalError("stand-in") }
        }

        // `ContiguousBytes` in the SDK (and nothing else before iOS 18).
        // https://developer.apple.com/documentation/cryptokit/p256/signing/ecdsasignature
        public struct ECDSASignature: ContiguousBytes {
            // Generic over DataProtocol (the keys' initializers take ContiguousBytes).
            // https://developer.apple.com/documentation/cryptokit/p256/signing/ecdsasignature/init(rawrepresentation:)
            public init<D: DataProtocol>(rawRepresentation: D) throws { fatalError("stand-in") }
            // A stored, settable property in the SDK (`var rawRepresentation: Data`, no `{ get }`).
            // https://developer.apple.com/documentation/cryptokit/p256/signing/ecdsasignature/rawrepresentation
            public var rawRepresentation: Data {
                get { fatalError("stand-in") }
                set {}
            }
            // https://developer.apple.com/documentation/cryptokit/p256/signing/ecdsasignature/derrepresentation
            public var derRepresentation: Data { fatalError("stand-in") }
            public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { fatalError("stand-in") }
        }
    }
}

// https://developer.apple.com/documentation/cryptokit/chachapoly
public enum ChaChaPoly {
    // https://developer.apple.com/documentation/cryptokit/chachapoly/nonce
    public struct Nonce: ContiguousBytes, Sequence {
        // https://developer.apple.com/documentation/cryptokit/chachapoly/nonce/init()
        public init() { fatalError("stand-in") }
        // https://developer.apple.com/documentation/cryptokit/chachapoly/nonce/init(data:)
        public init<D: DataProtocol>(data: D) throws { fatalError("stand-in") }
        public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { fatalError("stand-in") }
        public func makeIterator() -> Array<UInt8>.Iterator { fatalError("stand-in") }
    }

    // `@frozen` in the SDK, with `public let combined: Data`.
    // https://developer.apple.com/documentation/cryptokit/chachapoly/sealedbox
    public struct SealedBox {
        // https://developer.apple.com/documentation/cryptokit/chachapoly/sealedbox/init(combined:)
        public init<D: DataProtocol>(combined: D) throws { fatalError("stand-in") }
        // https://developer.apple.com/documentation/cryptokit/chachapoly/sealedbox/combined
        public var combined: Data { fatalError("stand-in") }
    }

    // https://developer.apple.com/documentation/cryptokit/chachapoly/seal(_:using:nonce:authenticating:)
    public static func seal<Plaintext: DataProtocol, AuthenticatedData: DataProtocol>(
        _ message: Plaintext, using key: SymmetricKey, nonce: ChaChaPoly.Nonce? = nil,
        authenticating authenticatedData: AuthenticatedData
    ) throws -> SealedBox { fatalError("stand-in") }

    // https://developer.apple.com/documentation/cryptokit/chachapoly/open(_:using:authenticating:)
    public static func open<AuthenticatedData: DataProtocol>(
        _ sealedBox: SealedBox, using key: SymmetricKey, authenticating authenticatedData: AuthenticatedData
    ) throws -> Data { fatalError("stand-in") }
}
