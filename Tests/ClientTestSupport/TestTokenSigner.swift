import Crypto
import CryptoExtras
import Foundation
@testable import OAuthEngine

/// Makes compact JWS (ID tokens) with swift-crypto directly, independent of the engine's JOSE code,
/// with full control over the header (kid, crit, alg none, …) and claims.
enum TestTokenSigner {
    /// How to produce the signature part.
    enum Key: Sendable {
        /// ES256: raw `r || s` (64 bytes).
        case es256(P256.Signing.PrivateKey)
        /// RS256: RSASSA-PKCS1-v1_5 with SHA-256.
        case rs256(_RSA.Signing.PrivateKey)
        /// HS256 keyed with these bytes (any bytes: a channel secret, a public key, a JWKS document).
        case hs256([UInt8])
        /// An empty signature part (as `alg: none` tokens have).
        case unsigned
        /// This exact signature.
        case fixed([UInt8])
    }

    /// One P-256 key and one 2048-bit RSA key for the whole test run (RSA generation is slow).
    static let ecKey = P256.Signing.PrivateKey()
    static let otherECKey = P256.Signing.PrivateKey()
    static let rsaKey: _RSA.Signing.PrivateKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    /// `{"alg": alg, "typ": "JWT", "kid": kid}` plus `extra` (which can override any of them).
    static func header(alg: String, kid: String? = nil, extra: [String: Any] = [:]) -> [String: Any] {
        var header: [String: Any] = ["alg": alg, "typ": "JWT"]
        if let kid { header["kid"] = kid }
        for (name, value) in extra { header[name] = value }
        return header
    }

    /// Signs `claims` under `header` with `key`.
    static func sign(header: [String: Any], claims: [String: Any], key: Key) -> String {
        sign(headerJSON: json(header), payload: json(claims), key: key)
    }

    /// Shorthand: a token with the usual header for `key`'s algorithm.
    static func sign(_ claims: [String: Any], key: Key, kid: String? = nil, extraHeader: [String: Any] = [:]) -> String {
        let alg: String
        switch key {
        case .es256: alg = "ES256"
        case .rs256: alg = "RS256"
        case .hs256: alg = "HS256"
        case .unsigned: alg = "none"
        case .fixed: alg = "ES256"
        }
        return sign(header: header(alg: alg, kid: kid, extra: extraHeader), claims: claims, key: key)
    }

    /// Signs arbitrary header and payload bytes (for non-JSON payloads and other malformed input).
    static func sign(headerJSON: [UInt8], payload: [UInt8], key: Key) -> String {
        let signingInput = Base64URL.encode(headerJSON) + "." + Base64URL.encode(payload)
        return signingInput + "." + Base64URL.encode(signature(for: Array(signingInput.utf8), key: key))
    }

    /// The signature bytes for a signing input.
    static func signature(for signingInput: [UInt8], key: Key) -> [UInt8] {
        switch key {
        case .es256(let privateKey):
            return Array(try! privateKey.signature(for: signingInput).rawRepresentation)
        case .rs256(let privateKey):
            return Array(try! privateKey.signature(for: SHA256.hash(data: signingInput), padding: .insecurePKCS1v1_5).rawRepresentation)
        case .hs256(let secret):
            return Array(HMAC<SHA256>.authenticationCode(for: signingInput, using: SymmetricKey(data: secret)))
        case .unsigned:
            return []
        case .fixed(let bytes):
            return bytes
        }
    }

    /// Compact JSON bytes of a dictionary (sorted keys, so tokens are reproducible).
    static func json(_ object: [String: Any]) -> [UInt8] {
        Array(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    // MARK: - JWKS

    /// An EC P-256 public JWK: `x`/`y` from the 64-byte raw representation, split 32/32.
    static func ecJWK(_ publicKey: P256.Signing.PublicKey, kid: String?, extra: [String: Any] = [:]) -> [String: Any] {
        let raw = Array(publicKey.rawRepresentation)
        var jwk: [String: Any] = [
            "kty": "EC", "crv": "P-256",
            "x": Base64URL.encode(raw[0..<32]), "y": Base64URL.encode(raw[32..<64]),
            "use": "sig", "alg": "ES256",
        ]
        if let kid { jwk["kid"] = kid }
        for (name, value) in extra { jwk[name] = value }
        return jwk
    }

    /// An RSA public JWK: `n`/`e` from the key's primitives.
    static func rsaJWK(_ publicKey: _RSA.Signing.PublicKey, kid: String?, extra: [String: Any] = [:]) -> [String: Any] {
        let primitives = try! publicKey.getKeyPrimitives()
        var jwk: [String: Any] = [
            "kty": "RSA", "n": Base64URL.encode(primitives.modulus), "e": Base64URL.encode(primitives.publicExponent),
            "use": "sig", "alg": "RS256",
        ]
        if let kid { jwk["kid"] = kid }
        for (name, value) in extra { jwk[name] = value }
        return jwk
    }

    /// `{"keys": [...]}` as bytes.
    static func jwks(_ keys: [[String: Any]]) -> Data {
        try! JSONSerialization.data(withJSONObject: ["keys": keys], options: [.sortedKeys])
    }
}

extension TestTokenSigner {
    /// Signs exactly `headerPart.payloadPart` (already encoded, e.g. with padding added) with `key`.
    static func signRaw(headerPart: String, payloadPart: String, key: Key) -> String {
        let signingInput = headerPart + "." + payloadPart
        return signingInput + "." + Base64URL.encode(signature(for: Array(signingInput.utf8), key: key))
    }

    /// Standard base64 with `=` padding, but URL alphabet: what a lenient encoder would produce.
    static func paddedBase64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }
}
