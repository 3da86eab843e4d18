public import Foundation
import SwiftASN1

#if canImport(Security)
import Security
#else
import Crypto
import CryptoExtras
#endif

/// An RSA public key that verifies RS256 signatures (RSASSA-PKCS1-v1_5 with SHA-256): the keys of LinkedIn
/// and most OpenID Connect providers. LINE's own ID tokens are ES256 or HS256.
///
/// The package's own type, so no crypto library shows in the API. Every decision about a key is made here,
/// on every platform: 2048 to 16384 bits, an odd modulus, an odd exponent of 3 to 32 bits, no ROCA
/// fingerprint (CVE-2017-15361), and a signature exactly as long as the modulus. The key is then written
/// once as PKCS #1 DER and handed to the platform's RSA: Apple's Security framework on Apple platforms (so an
/// app builds no BoringSSL), swift-crypto's CryptoExtras elsewhere — the same bytes, so the Wycheproof vectors
/// that run on Linux cover the encoding Apple's code reads too.
public struct RSAPublicKey: Sendable, Hashable {
    /// The smallest modulus accepted, in bits.
    public static let minimumBitCount = 2048
    /// The largest modulus accepted, in bits (a bound on the work a hostile key can cause).
    public static let maximumBitCount = 16384

    /// The modulus `n`, big-endian, without leading zero bytes.
    public let modulus: [UInt8]
    /// The public exponent `e`, big-endian, without leading zero bytes.
    public let exponent: [UInt8]
    /// The modulus length in bits.
    public let bitCount: Int
    /// The key as a PKCS #1 `RSAPublicKey` structure in DER (RFC 8017 §A.1.1).
    public let pkcs1DERRepresentation: [UInt8]
    #if !canImport(Security)
    private let platformKey: _RSA.Signing.PublicKey
    #endif

    /// Imports a key from its modulus and exponent (big-endian; leading zero bytes are ignored, as some JWK
    /// encoders add one), refusing with ``JOSEError/invalidKey(_:)`` any key outside the rules above.
    public init(modulus: some Sequence<UInt8>, exponent: some Sequence<UInt8>) throws(JOSEError) {
        let modulus = Array(modulus.drop(while: { $0 == 0 }))
        let exponent = Array(exponent.drop(while: { $0 == 0 }))
        let bitCount = Self.bitLength(modulus)
        guard bitCount >= Self.minimumBitCount else { throw .invalidKey("RSA modulus is under 2048 bits") }
        guard bitCount <= Self.maximumBitCount else { throw .invalidKey("RSA modulus is over 16384 bits") }
        guard modulus.last.map({ $0 & 1 == 1 }) == true else { throw .invalidKey("RSA modulus is even") }
        guard exponent.count <= 4, let low = exponent.last, low & 1 == 1, Self.bitLength(exponent) >= 2 else {
            throw .invalidKey("RSA exponent must be odd, at least 3 and at most 32 bits")
        }
        guard !ROCAFingerprint.matches(modulus: modulus) else {
            throw .invalidKey("RSA modulus has the ROCA fingerprint (CVE-2017-15361)")
        }
        let der = try Self.pkcs1DER(modulus: modulus, exponent: exponent)
        #if canImport(Security)
        // Imported once here so a key the framework refuses is refused at import, not at the first token.
        guard Self.secKey(der) != nil else { throw .invalidKey("RSA key refused by the Security framework") }
        #else
        do {
            platformKey = try _RSA.Signing.PublicKey(derRepresentation: der)
        } catch {
            throw .invalidKey("RSA key refused by the crypto library")
        }
        #endif
        self.modulus = modulus
        self.exponent = exponent
        self.bitCount = bitCount
        self.pkcs1DERRepresentation = der
    }

    /// Whether `signature` is this key's RSASSA-PKCS1-v1_5 SHA-256 signature of `signed`; a signature of any
    /// length but the modulus's is refused before the platform sees it.
    public func isValidSignature(_ signature: [UInt8], for signed: some DataProtocol) -> Bool {
        guard signature.count == (bitCount + 7) / 8 else { return false }
        #if canImport(Security)
        // A SecKey per check, not one kept: Apple doesn't declare SecKey Sendable, and an RS256 token is
        // verified once per sign-in. The algorithm hashes `signed` with SHA-256 itself.
        guard let key = Self.secKey(pkcs1DERRepresentation) else { return false }
        return SecKeyVerifySignature(
            key, .rsaSignatureMessagePKCS1v15SHA256, Data(signed) as CFData, Data(signature) as CFData, nil)
        #else
        return platformKey.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: signed),
            padding: .insecurePKCS1v1_5)
        #endif
    }

    /// Keys are equal when their modulus and exponent are.
    public static func == (lhs: RSAPublicKey, rhs: RSAPublicKey) -> Bool {
        lhs.modulus == rhs.modulus && lhs.exponent == rhs.exponent
    }

    /// Hashes the modulus and exponent.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(modulus)
        hasher.combine(exponent)
    }

    /// `RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }`, both unsigned (swift-asn1 adds
    /// the leading zero a high bit needs).
    static func pkcs1DER(modulus: [UInt8], exponent: [UInt8]) throws(JOSEError) -> [UInt8] {
        var serializer = DER.Serializer()
        do {
            try serializer.appendConstructedNode(identifier: .sequence) { coder in
                try coder.serialize(modulus[...])
                try coder.serialize(exponent[...])
            }
        } catch {
            throw .invalidKey("RSA key could not be encoded")
        }
        return serializer.serializedBytes
    }

    #if canImport(Security)
    private static func secKey(_ der: [UInt8]) -> SecKey? {
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
        ]
        return SecKeyCreateWithData(Data(der) as CFData, attributes as CFDictionary, nil)
    }
    #endif

    private static func bitLength(_ bigEndian: [UInt8]) -> Int {
        guard let first = bigEndian.first else { return 0 }
        return (bigEndian.count - 1) * 8 + (8 - first.leadingZeroBitCount)
    }
}

extension RSAPublicKey: CustomStringConvertible {
    /// The key's size.
    public var description: String { "RSAPublicKey(\(bitCount) bits)" }
}
