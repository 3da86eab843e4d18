#if CLI
import Foundation
import LineSDK

/// What the CLI shows of a token: never its value unless asked with `--reveal`.
enum TokenSummary {
    static func dictionary(_ token: AccessToken, reveal: Bool = false) -> [String: Any] {
        var result: [String: Any] = [
            "permissions": token.permissions.map(\.rawValue),
            "createdAt": Seconds.whole(token.createdAt.timeIntervalSince1970),
            "expiresAt": Seconds.whole(token.expiresAt.timeIntervalSince1970),
            "expiresIn": max(0, Seconds.whole(token.expiresAt.timeIntervalSinceNow)),
        ]
        if let payload = token.IDToken?.payload {
            var claims: [String: Any] = [:]
            if let issuer = payload.issuer { claims["iss"] = issuer }
            if let subject = payload.subject { claims["sub"] = subject }
            if let audience = payload.audience { claims["aud"] = audience }
            if let expiration = payload.expiration { claims["exp"] = Seconds.whole(expiration.timeIntervalSince1970) }
            if let issueAt = payload.issueAt { claims["iat"] = Seconds.whole(issueAt.timeIntervalSince1970) }
            if let name = payload.name { claims["name"] = name }
            if let email = payload.email { claims["email"] = email }
            if let picture = payload.pictureURL { claims["picture"] = picture.absoluteString }
            if let amr = payload.amr { claims["amr"] = amr }
            result["idToken"] = claims
        }
        if reveal {
            result["accessToken"] = token.value
            if let raw = token.IDTokenRaw { result["idTokenRaw"] = raw }
        }
        return result
    }

    static func lines(_ token: AccessToken) -> [String] {
        var lines = [
            "permissions: \(TerminalText.field(token.permissions.map(\.rawValue).joined(separator: " ")))",
            "expires:     \(ISO8601DateFormatter().string(from: token.expiresAt)) (\(Seconds.relative(token.expiresAt.timeIntervalSinceNow)))",
        ]
        if let payload = token.IDToken?.payload {
            lines.append("user ID:     \(TerminalText.field(payload.subject ?? "(none)"))")
            if let name = payload.name { lines.append("name:        \(TerminalText.field(name))") }
            if let email = payload.email { lines.append("email:       \(TerminalText.field(email))") }
        }
        return lines
    }

    static func profile(_ profile: UserProfile) -> [String: Any] {
        var result: [String: Any] = ["userID": profile.userID, "displayName": profile.displayName]
        if let picture = profile.pictureURL { result["pictureURL"] = picture.absoluteString }
        if let status = profile.statusMessage { result["statusMessage"] = status }
        return result
    }
}
#endif
