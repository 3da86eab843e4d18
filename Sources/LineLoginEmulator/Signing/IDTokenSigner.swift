#if Emulator
import Crypto
import Foundation

/// Produces compact JWS ID tokens.
enum IDTokenSigner {
    /// The algorithm of an ID token.
    enum Algorithm: Sendable {
        /// HMAC-SHA256 keyed with the UTF-8 bytes of the channel secret (web login).
        case hs256(channelSecret: String)
        /// ECDSA P-256 with the emulator's current key (native apps, `id_token_key_type=JWK`).
        case es256(SigningKey)
    }

    /// Signs `claims`.
    /// - Throws: A swift-crypto error if ECDSA signing fails.
    static func sign(_ claims: IDTokenClaims, with algorithm: Algorithm) throws -> String {
        let header: JWSHeader
        switch algorithm {
        case .hs256: header = JWSHeader(alg: "HS256", typ: "JWT", kid: nil)
        case .es256(let key): header = JWSHeader(alg: "ES256", typ: "JWT", kid: key.keyID)
        }
        let encoder = JSONEncoder.emulator
        let signingInput =
            Base64URL.encode(try encoder.encode(header)) + "." + Base64URL.encode(try encoder.encode(claims))
        let signature: [UInt8]
        switch algorithm {
        case .hs256(let secret):
            let mac = HMAC<SHA256>.authenticationCode(
                for: Data(signingInput.utf8),
                using: SymmetricKey(data: Data(secret.utf8))
            )
            signature = Array(mac)
        case .es256(let key):
            signature = Array(try key.privateKey.signature(for: Data(signingInput.utf8)).rawRepresentation)
        }
        return signingInput + "." + Base64URL.encode(signature)
    }
}
#endif
