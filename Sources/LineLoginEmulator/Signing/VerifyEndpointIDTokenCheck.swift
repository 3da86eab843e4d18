#if Emulator
import Crypto
import Foundation

/// Checks ID tokens for `POST /oauth2/v2.1/verify` with the emulator's own keys and secrets.
///
/// Named after the endpoint it serves so that it is never mistaken for `LineLoginServer`'s public
/// `IDTokenVerifier`, the server-side check of the same tokens that this one must not share code with.
enum VerifyEndpointIDTokenCheck {
    /// Why an ID token was rejected; the raw values are LINE's `error_description` texts.
    enum Failure: String, Error, Sendable {
        case invalid = "Invalid IdToken."
        case issuer = "Invalid IdToken Issuer."
        case expired = "IdToken expired."
        case audience = "Invalid IdToken Audience."
        case nonce = "Invalid IdToken Nonce."
        case subject = "Invalid IdToken Subject Identifier."
    }

    /// What the check needs to know about the emulator.
    struct Keys: Sendable {
        /// Channel ID → channel secret, for HS256.
        var channelSecrets: [String: String]
        /// Published ES256 keys.
        var signingKeys: [SigningKey]
    }

    /// Checks `token` and returns its claims.
    ///
    /// Order of checks: structure and signature, issuer, expiry, audience, nonce, subject.
    static func check(
        _ token: String,
        keys: Keys,
        issuer: String,
        clientID: String,
        nonce: String?,
        userID: String?,
        now: Date
    ) -> Result<IDTokenClaims, Failure> {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Base64URL.decode(parts[0]),
            let payloadBytes = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]),
            let header = try? JSONDecoder().decode(JWSHeader.self, from: Data(headerBytes)),
            let claims = try? JSONDecoder().decode(IDTokenClaims.self, from: Data(payloadBytes))
        else { return .failure(.invalid) }
        let signingInput = Data(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))

        switch header.alg {
        case "HS256":
            // The token names its channel in `aud`; a wrong audience is reported as such below.
            guard let secret = keys.channelSecrets[claims.aud],
                HMAC<SHA256>.isValidAuthenticationCode(
                    signature,
                    authenticating: signingInput,
                    using: SymmetricKey(data: Data(secret.utf8))
                )
            else { return .failure(.invalid) }
        case "ES256":
            guard let kid = header.kid,
                let key = keys.signingKeys.first(where: { $0.keyID == kid }),
                let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
                key.privateKey.publicKey.isValidSignature(ecdsa, for: signingInput)
            else { return .failure(.invalid) }
        default:
            return .failure(.invalid)
        }

        guard claims.iss == issuer else { return .failure(.issuer) }
        guard Double(claims.exp) > now.timeIntervalSince1970 else { return .failure(.expired) }
        guard claims.aud == clientID else { return .failure(.audience) }
        if let nonce, claims.nonce != nonce { return .failure(.nonce) }
        if let userID, claims.sub != userID { return .failure(.subject) }
        return .success(claims)
    }
}
#endif
