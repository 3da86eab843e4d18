#if CLI
import Foundation
import OAuthEngine

/// What the `oauth` commands show of a session: never a token value unless `--reveal`.
enum OAuthTokenSummary {
    static func dictionary(_ tokens: TokenSet, issuer: String, clientID: String, reveal: Bool = false) -> [String: Any] {
        var result: [String: Any] = [
            "issuer": issuer, "clientID": clientID, "scopes": tokens.scopes, "tokenType": tokens.tokenType,
            "issuedAt": Seconds.whole(tokens.issuedAt.timeIntervalSince1970),
            "expiresAt": Seconds.whole(tokens.expiresAt.timeIntervalSince1970),
            "expiresIn": max(0, Seconds.whole(tokens.expiresAt.timeIntervalSinceNow)), "hasRefreshToken": tokens.refreshToken != nil,
        ]
        if let claims = idTokenClaims(tokens) { result["idToken"] = claims }
        if reveal {
            result["accessToken"] = tokens.accessToken
            if let refreshToken = tokens.refreshToken { result["refreshToken"] = refreshToken }
            if let idToken = tokens.idToken { result["idTokenRaw"] = idToken }
        }
        return result
    }

    static func lines(_ tokens: TokenSet) -> [String] {
        var lines = [
            "scopes:        \(TerminalText.field(tokens.scopes.joined(separator: " ")))",
            "expires:       \(ISO8601DateFormatter().string(from: tokens.expiresAt)) (\(Seconds.relative(tokens.expiresAt.timeIntervalSinceNow)))",
            "refresh token: \(tokens.refreshToken == nil ? "no" : "yes")",
        ]
        if let claims = idTokenClaims(tokens) {
            if let subject = claims["sub"] { lines.append("user ID:       \(TerminalText.field("\(subject)"))") }
            if let name = claims["name"] { lines.append("name:          \(TerminalText.field("\(name)"))") }
            if let email = claims["email"] { lines.append("email:         \(TerminalText.field("\(email)"))") }
        }
        return lines
    }

    /// The stored ID token's main claims (it was validated at login; this only reads it).
    static func idTokenClaims(_ tokens: TokenSet) -> [String: Any]? {
        guard let raw = tokens.idToken, let jws = try? CompactJWS(parsing: raw) else { return nil }
        var claims: [String: Any] = [:]
        for name in ["iss", "sub", "name", "email", "azp"] { if let value = jws.claimSet[name]?.stringValue { claims[name] = value } }
        for name in ["exp", "iat", "auth_time"] { if let value = jws.claimSet[name]?.doubleValue { claims[name] = Seconds.whole(value) } }
        if let audience = jws.claimSet["aud"] {
            claims["aud"] = audience.stringValue.map { [$0] } ?? audience.arrayValue?.compactMap(\.stringValue) ?? []
        }
        return claims
    }

    static func introspection(_ result: TokenIntrospection) -> [String: Any] {
        var output: [String: Any] = ["active": result.isActive]
        if let scopes = result.scopes { output["scopes"] = scopes }
        if let clientID = result.clientID { output["clientID"] = clientID }
        if let subject = result.subject { output["sub"] = subject }
        if let username = result.username { output["username"] = username }
        if let expiresAt = result.expiresAt { output["exp"] = Seconds.whole(expiresAt.timeIntervalSince1970) }
        return output
    }

    /// A JSON value as a Foundation object for `Console.json`.
    static func foundation(_ value: JSONValue) -> Any {
        switch value {
        case .string(let string): return string
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? Int(number) as Any : number
        case .bool(let bool): return bool
        case .null: return NSNull()
        case .array(let array): return array.map(foundation)
        case .object(let object): return object.mapValues(foundation)
        }
    }
}
#endif
