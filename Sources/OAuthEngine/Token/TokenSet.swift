public import Foundation

/// The tokens of one signed-in session, as stored. Descriptions never show token values.
public struct TokenSet: Sendable, Codable, Equatable {
    /// The access token.
    public var accessToken: String
    /// The refresh token, if the provider issued one.
    public var refreshToken: String?
    /// The raw ID token from the login (refresh responses carry none; the login's is kept).
    public var idToken: String?
    /// The token type, `Bearer`.
    public var tokenType: String
    /// Granted scopes as the token response listed them (LINE omits `email` there).
    public var scopes: [String]
    /// When the token response was received.
    public var issuedAt: Date
    /// `issuedAt + expires_in`, computed at receipt.
    public var expiresAt: Date

    /// Creates a token set.
    public init(
        accessToken: String, refreshToken: String?, idToken: String?, tokenType: String = "Bearer",
        scopes: [String], issuedAt: Date, expiresAt: Date
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.tokenType = tokenType
        self.scopes = scopes
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    /// `true` when the access token expires within `margin` of `now`.
    public func expires(within margin: TimeInterval, now: Date) -> Bool {
        expiresAt.timeIntervalSince(now) <= margin
    }
}

extension TokenSet: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What `dump` and debuggers show: the redacted summary, never the tokens.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": Redaction.describe(accessToken), "refreshToken": Redaction.describe(refreshToken),
                "idToken": Redaction.describe(idToken), "scopes": scopes, "expiresAt": expiresAt,
            ])
    }

    /// A redacted summary.
    public var description: String {
        "TokenSet(accessToken: \(Redaction.describe(accessToken)), refreshToken: \(Redaction.describe(refreshToken)), idToken: \(Redaction.describe(idToken)), scopes: \(scopes), expiresAt: \(expiresAt))"
    }
    /// Same as ``description``.
    public var debugDescription: String { description }
}
