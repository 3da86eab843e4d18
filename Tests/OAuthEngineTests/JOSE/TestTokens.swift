import Crypto
import CryptoExtras
import Foundation
@testable import ClientTestSupport
import OAuthEngine

/// Keys and signed compact tokens for the hand-written JOSE tests: header and payload as exact JSON text,
/// signed by `TestTokenSigner`.
enum TestTokens {
    static let ecKey = P256.Signing.PrivateKey()
    static let rsaKey: _RSA.Signing.PrivateKey? = try? _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let secret = SymmetricKey(data: Array("0123456789abcdef0123456789abcdef".utf8))

    static let claims = #"{"iss":"https://access.line.me","sub":"U1234","aud":"1234567890","exp":1700000000,"iat":1699990000}"#

    /// `<b64(header)>.<b64(payload)>` as written.
    static func signingInput(header: String, payload: String = claims) -> String {
        Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
    }

    static func hs256(header: String = #"{"alg":"HS256","typ":"JWT"}"#, payload: String = claims, key: SymmetricKey = secret) -> String {
        sign(header: header, payload: payload, key: .hs256(key.withUnsafeBytes { Array($0) }))
    }

    static func es256(header: String = #"{"alg":"ES256","kid":"ec-1"}"#, payload: String = claims, key: P256.Signing.PrivateKey = ecKey)
        throws -> String
    {
        sign(header: header, payload: payload, key: .es256(key))
    }

    static func rs256(header: String = #"{"alg":"RS256","kid":"rsa-1"}"#, payload: String = claims, key: _RSA.Signing.PrivateKey) throws
        -> String
    {
        sign(header: header, payload: payload, key: .rs256(key))
    }

    private static func sign(header: String, payload: String, key: TestTokenSigner.Key) -> String {
        TestTokenSigner.sign(headerJSON: Array(header.utf8), payload: Array(payload.utf8), key: key)
    }

    /// The public JWK of a P-256 key, as JSON text.
    static func ecJWK(_ key: P256.Signing.PublicKey = ecKey.publicKey, kid: String? = "ec-1", extra: String = "") -> String {
        let point = Array(key.x963Representation)
        let kidMember = kid.map { #","kid":"\#($0)""# } ?? ""
        return
            #"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(point[1..<33]))","y":"\#(Base64URL.encode(point[33..<65]))"\#(kidMember)\#(extra)}"#
    }

    /// The public JWK of an RSA key, as JSON text.
    static func rsaJWK(_ key: _RSA.Signing.PublicKey, kid: String? = "rsa-1", extra: String = "") throws -> String {
        let primitives = try key.getKeyPrimitives()
        let kidMember = kid.map { #","kid":"\#($0)""# } ?? ""
        return
            #"{"kty":"RSA","n":"\#(Base64URL.encode(primitives.modulus))","e":"\#(Base64URL.encode(primitives.publicExponent))"\#(kidMember)\#(extra)}"#
    }

    /// The package's own key for a CryptoExtras public key, from its modulus and exponent.
    static func rsaPublicKey(_ key: _RSA.Signing.PublicKey) throws -> RSAPublicKey {
        let primitives = try key.getKeyPrimitives()
        return try RSAPublicKey(modulus: primitives.modulus, exponent: primitives.publicExponent)
    }

    static func jwk(_ json: String) throws -> JWK {
        try JWK(data: Data(json.utf8))
    }

    static func keySet(_ members: [String]) throws -> JWKSet {
        try JWKSet(data: Data(#"{"keys":[\#(members.joined(separator: ","))]}"#.utf8))
    }
}
