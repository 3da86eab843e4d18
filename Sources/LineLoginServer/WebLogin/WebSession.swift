#if Server
public import Foundation
import OAuthEngine

/// A signed-in browser session as ``WebLogin`` keeps it in a sealed, HttpOnly cookie: the user and the
/// tokens needed to call LINE and to revoke at logout.
public struct WebSession: Sendable, Equatable, Codable {
    /// The session's random ID: what ``WebSessionStore`` knows it by, so logout ends it for good.
    public var id: String
    /// The signed-in user.
    public var user: LineUser
    /// The access token (revoked at logout).
    public var accessToken: String
    /// The refresh token, if LINE issued one.
    public var refreshToken: String?
    /// When the access token expires.
    public var accessTokenExpiresAt: Date

    /// Creates a session with a fresh ID (256 random bits).
    public init(
        id: String = WebSession.newID(), user: LineUser, accessToken: String,
        refreshToken: String?, accessTokenExpiresAt: Date
    ) {
        self.id = id
        self.user = user
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
    }

    /// A fresh session ID: 256 bits from the system CSPRNG, base64url.
    public static func newID() -> String {
        Base64URL.encode(SystemRandomSource().bytes(count: 32))
    }

    enum CodingKeys: String, CodingKey {
        case id = "id"
        case user = "u"
        case accessToken = "at"
        case refreshToken = "rt"
        case accessTokenExpiresAt = "exp"
    }
}

extension WebSession: CustomStringConvertible, CustomDebugStringConvertible {
    /// The user ID; never a token.
    public var description: String { "WebSession(user: \(user.userID), accessToken: <redacted>)" }

    /// Same as ``description``.
    public var debugDescription: String { description }
}
#endif
