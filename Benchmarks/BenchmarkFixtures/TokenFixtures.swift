public import Crypto
public import CryptoExtras
public import Foundation
public import OAuthEngine

/// Realistic LINE ID tokens signed three ways, with the keys to verify them.
public struct TokenFixtures: Sendable {
    // Static as well, for checks that take no parameters (jwt-kit's `JWTPayload.verify`).
    public static let issuer = "https://access.line.me"
    public static let channelID = "1234567890"
    public static let nonce = "n-0S6_WzA2Mj"
    public let issuer = TokenFixtures.issuer
    public let channelID = TokenFixtures.channelID
    public let nonce = TokenFixtures.nonce
    public let secret = "0123456789abcdef0123456789abcdef"
    public let ecKey = P256.Signing.PrivateKey()
    public let rsaKey: _RSA.Signing.PrivateKey
    public let es256: String
    public let hs256: String
    public let rs256: String

    public init() throws {
        rsaKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let now = Int(Date().timeIntervalSince1970)
        let claims: [String: Any] = [
            "iss": issuer, "sub": "U4af4980629e3b1d6e1c0a6b1b1c3e9f1", "aud": channelID, "exp": now + 3600, "iat": now,
            "nonce": nonce, "amr": ["pwd"], "name": "Brown", "picture": "https://profile.line-scdn.net/0h-brown",
            "email": "brown@example.com",
        ]
        let payload = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])
        func input(_ header: [String: String]) throws -> String {
            let headerData = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
            return Base64URL.encode(headerData) + "." + Base64URL.encode(payload)
        }
        let esInput = try input(["alg": "ES256", "typ": "JWT", "kid": "es-1"])
        es256 = esInput + "." + Base64URL.encode(try ecKey.signature(for: Data(esInput.utf8)).rawRepresentation)
        let hsInput = try input(["alg": "HS256", "typ": "JWT"])
        hs256 =
            hsInput + "."
            + Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Data(hsInput.utf8), using: SymmetricKey(data: Data(secret.utf8))))
        let rsInput = try input(["alg": "RS256", "typ": "JWT", "kid": "rs-1"])
        rs256 =
            rsInput + "." + Base64URL.encode(try rsaKey.signature(for: Data(rsInput.utf8), padding: .insecurePKCS1v1_5).rawRepresentation)
    }

    /// The JWKS with both public keys.
    public var jwks: Data {
        let raw = ecKey.publicKey.rawRepresentation
        let primitives = try? rsaKey.publicKey.getKeyPrimitives()
        let keys: [[String: String]] = [
            [
                "kty": "EC", "crv": "P-256", "kid": "es-1", "alg": "ES256", "use": "sig",
                "x": Base64URL.encode(raw.prefix(32)), "y": Base64URL.encode(raw.suffix(32)),
            ],
            [
                "kty": "RSA", "kid": "rs-1", "alg": "RS256", "use": "sig",
                "n": Base64URL.encode(primitives?.modulus ?? Data()), "e": Base64URL.encode(primitives?.publicExponent ?? Data()),
            ],
        ]
        return (try? JSONSerialization.data(withJSONObject: ["keys": keys], options: [.sortedKeys])) ?? Data()
    }

    public func validator(allowing algorithms: Set<JWSAlgorithm>) throws -> IDTokenValidator {
        try IDTokenValidator(
            issuer: issuer, clientID: channelID, allowedAlgorithms: algorithms,
            hmacSecret: algorithms.contains(.hs256) ? secret : nil,
            keys: KeySetCache(keySet: try JWKSet(data: jwks)))
    }
}
