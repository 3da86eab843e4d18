import CryptoExtras
import Foundation
import OAuthEngine
import Testing

/// The PKCS #1 DER that both RSA back ends read (Security on Apple platforms, CryptoExtras here) is built by
/// the package; BoringSSL, which no one here wrote, is the reference it must match byte for byte.
@Suite("RSAPublicKey")
struct RSAPublicKeyTests {
    @Test("the PKCS #1 DER equals BoringSSL's for keys of 2048, 3072 and 4096 bits", arguments: [2048, 3072, 4096])
    func derMatchesBoringSSL(bits: Int) throws {
        let size: _RSA.Signing.KeySize =
            switch bits {
            case 2048: .bits2048
            case 3072: .bits3072
            default: .bits4096
            }
        let reference = try _RSA.Signing.PrivateKey(keySize: size).publicKey
        let key = try TestTokens.rsaPublicKey(reference)
        #expect(key.pkcs1DERRepresentation == Array(reference.pkcs1DERRepresentation))
        #expect(key.bitCount == bits)
    }

    @Test("an exponent or modulus byte with its high bit set gets DER's leading zero; leading zero input bytes are dropped")
    func integerEncoding() throws {
        let reference = try _RSA.Signing.PrivateKey(keySize: .bits2048).publicKey
        let primitives = try reference.getKeyPrimitives()
        // The modulus of a 2048-bit key starts with a byte ≥ 0x80, so DER needs 0x00 before it.
        #expect(primitives.modulus.first.map { $0 >= 0x80 } == true)
        let padded = try RSAPublicKey(modulus: [0, 0] + Array(primitives.modulus), exponent: [0] + Array(primitives.publicExponent))
        #expect(padded.modulus == Array(primitives.modulus))
        #expect(padded.pkcs1DERRepresentation == Array(reference.pkcs1DERRepresentation))
        // 0x82 0x01 0x0A: a 266-byte sequence; then INTEGER 0x82 0x01 0x01 0x00 <256 bytes>.
        #expect(Array(padded.pkcs1DERRepresentation.prefix(8)) == [0x30, 0x82, 0x01, 0x0A, 0x02, 0x82, 0x01, 0x01])
        #expect(padded.pkcs1DERRepresentation[8] == 0x00)
    }

    @Test("keys are equal by modulus and exponent")
    func equality() throws {
        let reference = try _RSA.Signing.PrivateKey(keySize: .bits2048).publicKey
        let other = try _RSA.Signing.PrivateKey(keySize: .bits2048).publicKey
        #expect(try TestTokens.rsaPublicKey(reference) == TestTokens.rsaPublicKey(reference))
        #expect(try TestTokens.rsaPublicKey(reference) != TestTokens.rsaPublicKey(other))
        #expect(try Set([TestTokens.rsaPublicKey(reference), TestTokens.rsaPublicKey(reference)]).count == 1)
    }

    @Test("a signature one byte short or long is refused before the platform sees it")
    func signatureLength() throws {
        let privateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let message = Array("header.payload".utf8)
        let signature = Array(try privateKey.signature(for: message, padding: .insecurePKCS1v1_5).rawRepresentation)
        let key = try TestTokens.rsaPublicKey(privateKey.publicKey)
        #expect(key.isValidSignature(signature, for: message))
        #expect(!key.isValidSignature(Array(signature.dropFirst()), for: message))
        #expect(!key.isValidSignature(signature + [0], for: message))
        #expect(!key.isValidSignature(signature, for: message + [0]))
    }
}
