#if Server && Emulator
@testable import ClientTestSupport
import Crypto
import Foundation
import OAuthEngine

/// LINE-shaped ID tokens and keys for the server tests, signed by `TestTokenSigner` (swift-crypto directly,
/// not the code under test).
struct TestTokens {
    static let issuer = "https://access.line.me"
    static let channelID = "1234567890"
    static let otherChannelID = "2222222222"
    static let secret = "0123456789abcdef0123456789abcdef"
    static let otherSecret = "fedcba9876543210fedcba9876543210"
    static let userID = "U4af4980629e3b1d6e1c0a6b1b1c3e9f1"

    let key: P256.Signing.PrivateKey
    let keyID: String

    init(keyID: String = "key-1") {
        key = P256.Signing.PrivateKey()
        self.keyID = keyID
    }

    /// The public key as a JWK object.
    var jwk: [String: Any] { TestTokenSigner.ecJWK(key.publicKey, kid: keyID) }

    static func jwks(_ keys: [TestTokens]) -> Data {
        (try? JSONSerialization.data(withJSONObject: ["keys": keys.map(\.jwk)])) ?? Data()
    }

    /// Standard valid claims at `now`.
    static func claims(now: Date, audience: Any = channelID, nonce: String? = nil) -> [String: Any] {
        var claims: [String: Any] = [
            "iss": issuer, "sub": userID, "aud": audience, "exp": Int(now.timeIntervalSince1970) + 3600,
            "iat": Int(now.timeIntervalSince1970) - 10, "amr": ["pwd"], "name": "Brown",
            "picture": "https://profile.line-scdn.net/brown",
        ]
        if let nonce { claims["nonce"] = nonce }
        return claims
    }

    func es256(_ claims: [String: Any], header: [String: Any]? = nil) -> String {
        TestTokenSigner.sign(header: header ?? ["alg": "ES256", "typ": "JWT", "kid": keyID], claims: claims, key: .es256(key))
    }

    static func hs256(_ claims: [String: Any], secret: String = secret, header: [String: Any] = ["alg": "HS256", "typ": "JWT"]) -> String {
        TestTokenSigner.sign(header: header, claims: claims, key: .hs256(Array(secret.utf8)))
    }

    static func unsigned(_ claims: [String: Any]) -> String {
        TestTokenSigner.sign(header: ["alg": "none", "typ": "JWT"], claims: claims, key: .unsigned)
    }

    /// `token` with one character of its signature changed.
    static func tamperedSignature(_ token: String) -> String {
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, var signature = Array(parts[2]) as [Character]?, !signature.isEmpty else { return token }
        let index = signature.count / 2
        signature[index] = signature[index] == "A" ? "B" : "A"
        parts[2] = String(signature)
        return parts.joined(separator: ".")
    }
}
#endif
