import Crypto
import CryptoExtras
import Foundation
import OAuthEngine
import Testing

@Suite("JWSVerifier")
struct JWSVerifierTests {
    @Test("ES256 verifies, and refuses tampering and DER signatures")
    func es256() throws {
        let token = try TestTokens.es256()
        let jws = try CompactJWS(parsing: token)
        let key = VerificationKey.p256(TestTokens.ecKey.publicKey)
        try JWSVerifier.verify(jws, allowed: [.es256], key: key)

        let tampered = try CompactJWS(
            parsing: try TestTokens.es256(payload: #"{"sub":"other"}"#).split(separator: ".")[0...1].joined(separator: ".") + "."
                + token.split(separator: ".")[2])
        #expect(throws: JOSEError.invalidSignature) { try JWSVerifier.verify(tampered, allowed: [.es256], key: key) }

        let der = Array(try P256.Signing.ECDSASignature(rawRepresentation: jws.signature).derRepresentation)
        #expect(!JWSVerifier.isValidES256(signature: der, signingInput: jws.signingInput, key: TestTokens.ecKey.publicKey))
        #expect(!JWSVerifier.isValidES256(signature: [], signingInput: jws.signingInput, key: TestTokens.ecKey.publicKey))
        #expect(!JWSVerifier.isValidES256(signature: jws.signature + [0], signingInput: jws.signingInput, key: TestTokens.ecKey.publicKey))
        #expect(
            !JWSVerifier.isValidES256(
                signature: [UInt8](repeating: 0, count: 64), signingInput: jws.signingInput, key: TestTokens.ecKey.publicKey))
    }

    @Test("RS256 verifies and refuses a signature of the wrong length")
    func rs256() throws {
        let privateKey = try #require(TestTokens.rsaKey)
        let jws = try CompactJWS(parsing: try TestTokens.rs256(key: privateKey))
        let publicKey = try TestTokens.rsaPublicKey(privateKey.publicKey)
        try JWSVerifier.verify(jws, allowed: [.rs256], key: .rsa(publicKey))
        #expect(JWSVerifier.isValidRS256(signature: jws.signature, signingInput: jws.signingInput, key: publicKey))
        #expect(!JWSVerifier.isValidRS256(signature: Array(jws.signature.dropLast()), signingInput: jws.signingInput, key: publicKey))
        #expect(!JWSVerifier.isValidRS256(signature: [0] + jws.signature, signingInput: jws.signingInput, key: publicKey))
    }

    @Test("HS256 needs a key of at least 32 bytes")
    func hs256KeyLength() throws {
        let short = SymmetricKey(data: [UInt8](repeating: 7, count: 31))
        let jws = try CompactJWS(parsing: TestTokens.hs256(key: short))
        #expect(throws: JOSEError.invalidKey("HMAC key is shorter than 32 bytes")) {
            try JWSVerifier.verify(jws, allowed: [.hs256], key: .hmac(short))
        }
        // The raw primitive has no policy.
        #expect(JWSVerifier.isValidHS256(signature: jws.signature, signingInput: jws.signingInput, key: short))
        let exact = SymmetricKey(data: [UInt8](repeating: 7, count: 32))
        try JWSVerifier.verify(try CompactJWS(parsing: TestTokens.hs256(key: exact)), allowed: [.hs256], key: .hmac(exact))
    }

    @Test("a public key's bytes used as an HMAC secret are refused by key type (ES256)")
    func algorithmConfusionEC() throws {
        let publicKey = TestTokens.ecKey.publicKey
        let forged = try CompactJWS(
            parsing: TestTokens.hs256(
                header: #"{"alg":"HS256","kid":"ec-1"}"#,
                key: SymmetricKey(data: publicKey.x963Representation)))
        // The verifier is handed the EC key (from a JWKS) and all algorithms are allowed.
        #expect(throws: JOSEError.keyMismatch) {
            try JWSVerifier.verify(forged, allowed: Set(JWSAlgorithm.allCases), key: .p256(publicKey))
        }
        let jwk = try TestTokens.jwk(TestTokens.ecJWK())
        #expect(!jwk.fits(.hs256))
        #expect(throws: JOSEError.keyMismatch) { try JWSVerifier.verify(forged, allowed: Set(JWSAlgorithm.allCases), jwk: jwk) }
        let set = try TestTokens.keySet([TestTokens.ecJWK()])
        #expect(throws: JOSEError.keyMismatch) { try JWSVerifier.verify(forged, allowed: Set(JWSAlgorithm.allCases), keySet: set) }
    }

    @Test("a public key's bytes used as an HMAC secret are refused by key type (RS256)")
    func algorithmConfusionRSA() throws {
        let publicKey = try #require(TestTokens.rsaKey).publicKey
        for secret in [publicKey.derRepresentation, Data(publicKey.pemRepresentation.utf8), publicKey.pkcs1DERRepresentation] {
            let forged = try CompactJWS(
                parsing: TestTokens.hs256(header: #"{"alg":"HS256","kid":"rsa-1"}"#, key: SymmetricKey(data: secret)))
            #expect(throws: JOSEError.keyMismatch) {
                try JWSVerifier.verify(forged, allowed: Set(JWSAlgorithm.allCases), key: .rsa(TestTokens.rsaPublicKey(publicKey)))
            }
            let jwk = try TestTokens.jwk(try TestTokens.rsaJWK(publicKey))
            #expect(throws: JOSEError.keyMismatch) { try JWSVerifier.verify(forged, allowed: Set(JWSAlgorithm.allCases), jwk: jwk) }
        }
    }

    @Test("an HS256 token is refused where only ES256 is allowed, whatever the key")
    func hs256NotAllowed() throws {
        let jws = try CompactJWS(parsing: TestTokens.hs256())
        #expect(throws: JOSEError.algorithmNotAllowed("HS256")) {
            try JWSVerifier.verify(jws, allowed: [.es256], key: .hmac(TestTokens.secret))
        }
        #expect(throws: JOSEError.algorithmNotAllowed("HS256")) {
            try JWSVerifier.verify(jws, allowed: [], key: .hmac(TestTokens.secret))
        }
    }

    @Test("a secret is never used for ES256 or RS256")
    func secretForAsymmetric() throws {
        let jws = try CompactJWS(parsing: try TestTokens.es256())
        #expect(throws: JOSEError.keyMismatch) {
            try JWSVerifier.verify(jws, allowed: [.es256], key: .hmac(TestTokens.secret))
        }
        let octJWK = try TestTokens.jwk(#"{"kty":"oct","k":"\#(Base64URL.encode([UInt8](repeating: 1, count: 32)))"}"#)
        #expect(octJWK.fits(.hs256))
        #expect(!octJWK.fits(.es256) && !octJWK.fits(.rs256))
        #expect(throws: JOSEError.keyMismatch) { try JWSVerifier.verify(jws, allowed: [.es256], jwk: octJWK) }
    }

    @Test("a JWK must allow the algorithm through alg, use and key_ops")
    func jwkConstraints() throws {
        let jws = try CompactJWS(parsing: try TestTokens.es256())
        let fitting = [#","alg":"ES256""#, #","use":"sig""#, #","key_ops":["verify"]"#, #","key_ops":["sign","verify"]"#, ""]
        for extra in fitting {
            let jwk = try TestTokens.jwk(TestTokens.ecJWK(extra: extra))
            try JWSVerifier.verify(jws, allowed: [.es256], jwk: jwk)
        }
        let refused = [
            #","alg":"ES384""#, #","alg":"RS256""#, #","use":"enc""#, #","key_ops":["sign"]"#, #","key_ops":["encrypt"]"#,
            #","key_ops":[]"#,
        ]
        for extra in refused {
            let jwk = try TestTokens.jwk(TestTokens.ecJWK(extra: extra))
            #expect(!jwk.fits(.es256), "\(extra)")
            #expect(throws: JOSEError.keyMismatch) { try JWSVerifier.verify(jws, allowed: [.es256], jwk: jwk) }
        }
    }

    @Test("the algorithm check comes before the key check")
    func order() throws {
        let jws = try CompactJWS(parsing: TestTokens.hs256(header: #"{"alg":"PS256"}"#))
        #expect(throws: JOSEError.unsupportedAlgorithm("PS256")) {
            try JWSVerifier.verify(jws, allowed: Set(JWSAlgorithm.allCases), key: .p256(TestTokens.ecKey.publicKey))
        }
        let long = try CompactJWS(parsing: TestTokens.hs256(header: #"{"alg":"\#(String(repeating: "A", count: 500))"}"#))
        #expect(throws: JOSEError.unsupportedAlgorithm("(unrecognized)")) {
            try JWSVerifier.verify(long, allowed: Set(JWSAlgorithm.allCases), key: .hmac(TestTokens.secret))
        }
        let lowercase = try CompactJWS(parsing: TestTokens.hs256(header: #"{"alg":"hs256"}"#))
        #expect(throws: JOSEError.unsupportedAlgorithm("hs256")) {
            try JWSVerifier.verify(lowercase, allowed: Set(JWSAlgorithm.allCases), key: .hmac(TestTokens.secret))
        }
    }
}
