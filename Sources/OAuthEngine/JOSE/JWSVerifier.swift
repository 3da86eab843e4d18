public import Crypto
public import Foundation

/// Verifies JWS signatures. The algorithm must be supported and in the configured allow-list (never
/// taken from the header alone), `crit` is refused, and the key must fit the algorithm.
public enum JWSVerifier {
    /// Verifies the signature of `jws` with `key`.
    ///
    /// Checks, in order: `alg` is supported (``JOSEError/unsupportedAlgorithm(_:)``) and in
    /// `allowed` (``JOSEError/algorithmNotAllowed(_:)``); no `crit` (``JOSEError/criticalHeader``);
    /// the key is of the algorithm's type (``JOSEError/keyMismatch``) and, for HS256, at least
    /// 32 bytes (RFC 7518 §3.2; ``JOSEError/invalidKey(_:)``); then the signature
    /// (``JOSEError/invalidSignature``).
    public static func verify(_ jws: CompactJWS, allowed: Set<JWSAlgorithm>, key: VerificationKey) throws(JOSEError) {
        let algorithm = try checkedAlgorithm(jws, allowed: allowed)
        try verifySignature(jws, algorithm: algorithm, key: key)
    }

    /// Verifies the signature of `jws` with `jwk`, which must also ``JWK/fits(_:)`` the algorithm
    /// (its `alg`, `use` and `key_ops` allow it), else ``JOSEError/keyMismatch``.
    public static func verify(_ jws: CompactJWS, allowed: Set<JWSAlgorithm>, jwk: JWK) throws(JOSEError) {
        let algorithm = try checkedAlgorithm(jws, allowed: allowed)
        guard jwk.fits(algorithm) else { throw .keyMismatch }
        try verifySignature(jws, algorithm: algorithm, key: jwk.key)
    }

    /// Verifies the signature of `jws` with the one key of `keySet` chosen by
    /// ``JWKSet/key(for:algorithm:)`` and returns that key.
    @discardableResult
    public static func verify(_ jws: CompactJWS, allowed: Set<JWSAlgorithm>, keySet: JWKSet) throws(JOSEError) -> JWK {
        let algorithm = try checkedAlgorithm(jws, allowed: allowed)
        let jwk = try keySet.key(for: jws, algorithm: algorithm)
        try verifySignature(jws, algorithm: algorithm, key: jwk.key)
        return jwk
    }

    /// ES256: `signature` must be raw `r || s` (64 bytes; DER or any other length is refused).
    public static func isValidES256(signature: [UInt8], signingInput: [UInt8], key: P256.Signing.PublicKey) -> Bool {
        isValidES256(signature: signature, signed: signingInput, key: key)
    }

    static func isValidES256(signature: [UInt8], signed signingInput: some DataProtocol, key: P256.Signing.PublicKey) -> Bool {
        guard signature.count == 64,
            let ecdsaSignature = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
        else { return false }
        return key.isValidSignature(ecdsaSignature, for: signingInput)
    }

    /// RS256: RSASSA-PKCS1-v1_5 with SHA-256; `signature` must be as long as the modulus.
    public static func isValidRS256(signature: [UInt8], signingInput: [UInt8], key: RSAPublicKey) -> Bool {
        key.isValidSignature(signature, for: signingInput)
    }

    /// HS256: the full 32-byte HMAC-SHA256 tag, compared in constant time. No key-length policy here
    /// (``verify(_:allowed:key:)`` applies it).
    public static func isValidHS256(signature: [UInt8], signingInput: [UInt8], key: SymmetricKey) -> Bool {
        isValidHS256(signature: signature, signed: signingInput, key: key)
    }

    static func isValidHS256(signature: [UInt8], signed signingInput: some DataProtocol, key: SymmetricKey) -> Bool {
        HS256Key(key).isValid(signature: signature, signed: signingInput)
    }

    /// Verifies `jws` with a secret keyed once for many tokens (``HS256Key``): the same checks, in the same
    /// order, as ``verify(_:allowed:key:)`` with ``VerificationKey/hmac(_:)``.
    static func verify(_ jws: CompactJWS, allowed: Set<JWSAlgorithm>, hs256Key: HS256Key) throws(JOSEError) {
        let algorithm = try checkedAlgorithm(jws, allowed: allowed)
        guard algorithm == .hs256 else { throw .keyMismatch }
        try hs256Key.verify(jws)
    }

    private static func verifySignature(_ jws: CompactJWS, algorithm: JWSAlgorithm, key: VerificationKey) throws(JOSEError) {
        guard key.algorithm == algorithm else { throw .keyMismatch }
        let valid: Bool
        switch key.material {
        case .hmac(let secret):
            try secret.verify(jws)
            return
        case .p256(let publicKey):
            valid = jws.withSigningInput { isValidES256(signature: jws.signature, signed: $0, key: publicKey.value) }
        case .rsa(let publicKey):
            valid = jws.withSigningInput { publicKey.isValidSignature(jws.signature, for: $0) }
        }
        guard valid else { throw .invalidSignature }
    }

    private static func checkedAlgorithm(_ jws: CompactJWS, allowed: Set<JWSAlgorithm>) throws(JOSEError) -> JWSAlgorithm {
        guard let algorithm = JWSAlgorithm(rawValue: jws.header.algorithm) else {
            throw .unsupportedAlgorithm(printableName(jws.header.algorithm))
        }
        guard allowed.contains(algorithm) else { throw .algorithmNotAllowed(algorithm.rawValue) }
        guard jws.header.critical == nil else { throw .criticalHeader }
        return algorithm
    }

    /// The header's `alg` for an error message: short printable ASCII as is, anything else replaced,
    /// so an attacker's header can't flood or forge log lines.
    static func printableName(_ name: String) -> String {
        let isPrintable = name.utf8.count <= 16 && name.utf8.allSatisfy { (0x21...0x7E).contains($0) }
        return isPrintable ? name : "(unrecognized)"
    }
}
