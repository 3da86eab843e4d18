public import Foundation
import OAuthEngine

/// The access token of the current session, as LINE's SDK exposes it. The refresh token stays inside
/// the SDK; descriptions never show token values.
public struct AccessToken: Sendable, Equatable {
    /// The access token value, for calling LINE's APIs or sending to your server.
    public let value: String
    /// When it was issued (received).
    public let createdAt: Date
    /// When it expires.
    public let expiresAt: Date
    /// The raw ID token, to send to your server for verification.
    public let IDTokenRaw: String?
    /// The parsed (and validated at login) ID token.
    public let IDToken: JWT?
    /// The granted permissions. `email` is included when the ID token carries an email, because LINE's
    /// token response never lists it.
    public let permissions: [LoginPermission]
    let tokens: TokenSet

    /// Seconds from ``createdAt`` to ``expiresAt``.
    public var expiresIn: TimeInterval { expiresAt.timeIntervalSince(createdAt) }

    init(tokens: TokenSet) {
        self.tokens = tokens
        value = tokens.accessToken
        createdAt = tokens.issuedAt
        expiresAt = tokens.expiresAt
        IDTokenRaw = tokens.idToken
        IDToken = tokens.idToken.flatMap { try? JWT(text: $0) }
        var permissions = tokens.scopes.map(LoginPermission.init(rawValue:))
        if IDToken?.payload.email != nil && !permissions.contains(.email) { permissions.append(.email) }
        self.permissions = permissions
    }
}

extension AccessToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What `dump` and debuggers show: never the token values.
    public var customMirror: Mirror {
        Mirror(self, children: ["value": "<redacted>", "permissions": permissions.map(\.rawValue), "createdAt": createdAt, "expiresAt": expiresAt])
    }

    /// Redacted: permissions and expiry only.
    public var description: String {
        "AccessToken(value: <redacted>, permissions: \(permissions.map(\.rawValue)), expiresAt: \(expiresAt))"
    }
    /// Same as ``description``.
    public var debugDescription: String { description }
}
