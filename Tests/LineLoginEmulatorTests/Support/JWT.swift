#if Emulator
import Crypto
import Foundation
import Testing

/// A decoded compact JWS, checked with swift-crypto directly.
struct JWT: Sendable {
    let header: [String: JSONValue]
    let claims: [String: JSONValue]
    let signingInput: Data
    let signature: Data

    init?(_ token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerData = TestBase64URL.decode(parts[0]),
            let claimsData = TestBase64URL.decode(parts[1]),
            let signature = TestBase64URL.decode(parts[2]),
            case .object(let header)? = try? JSONDecoder().decode(JSONValue.self, from: headerData),
            case .object(let claims)? = try? JSONDecoder().decode(JSONValue.self, from: claimsData)
        else { return nil }
        self.header = header
        self.claims = claims
        self.signingInput = Data((parts[0] + "." + parts[1]).utf8)
        self.signature = signature
    }

    func verifiesHS256(secret: String) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: SymmetricKey(data: Data(secret.utf8)))
    }

    /// Checks an ES256 signature against a JWK's x and y.
    func verifiesES256(x: String, y: String) -> Bool {
        guard let x = TestBase64URL.decode(x), let y = TestBase64URL.decode(y),
            let key = try? P256.Signing.PublicKey(x963Representation: Data([0x04]) + x + y),
            let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
        else { return false }
        return key.isValidSignature(ecdsa, for: signingInput)
    }

    /// Signs claims with HS256 (for forging test tokens).
    static func hs256(_ claims: [String: Any], secret: String) -> String {
        let header = TestBase64URL.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let body = TestBase64URL.encode((try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])) ?? Data())
        let input = header + "." + body
        let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return input + "." + TestBase64URL.encode(Data(mac))
    }
}

extension JWT {
    /// The `id_token` of a token response, decoded; fails the test when missing.
    static func idToken(in result: HTTPResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> JWT {
        let token = try #require(result.string("id_token"), sourceLocation: sourceLocation)
        return try #require(JWT(token), sourceLocation: sourceLocation)
    }
}
#endif
