public import Foundation

/// A signed-in browser session as ``WebLogin`` keeps it in a sealed, HttpOnly cookie: the user and the
/// tokens needed to call LINE and to revoke at logout.
public struct WebSession: Sendable, Equatable, Codable {
    /// The signed-in user.
    public var user: LineUser
    /// The access token (revoked at logout).
    public var accessToken: String
    /// The refresh token, if LINE issued one.
    public var refreshToken: String?
    /// When the access token expires.
    public var accessTokenExpiresAt: Date

    /// Creates a session.
    public init(user: LineUser, accessToken: String, refreshToken: String?, accessTokenExpiresAt: Date) {
        self.user = user
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
    }

    enum CodingKeys: String, CodingKey {
        case user = "u", accessToken = "at", refreshToken = "rt", accessTokenExpiresAt = "exp"
    }
}

extension WebSession: CustomStringConvertible, CustomDebugStringConvertible {
    /// The user ID; never a token.
    public var description: String { "WebSession(user: \(user.userID), accessToken: <redacted>)" }

    /// Same as ``description``.
    public var debugDescription: String { description }
}
