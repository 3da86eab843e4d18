/// A permission (scope) the app asks for. A raw-value struct, so any scope LINE adds can be named.
public struct LoginPermission: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The scope string sent to LINE.
    public let rawValue: String

    /// Creates a permission from a scope string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a permission from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The scope string.
    public var description: String { rawValue }

    /// `openid`: an ID token.
    public static let openID = LoginPermission(rawValue: "openid")
    /// `profile`: the user's profile (display name, picture, status message) and friendship status.
    public static let profile = LoginPermission(rawValue: "profile")
    /// `email`: the email address in the ID token (needs `openid` and approval in the LINE Developers Console).
    public static let email = LoginPermission(rawValue: "email")
    /// `friends`: the user's friend list (Social API; needs approval).
    public static let friends = LoginPermission(rawValue: "friends")
    /// `groups`: the user's groups (Social API; needs approval).
    public static let groups = LoginPermission(rawValue: "groups")
    /// `message.write`: send messages as the user (needs approval).
    public static let messageWrite = LoginPermission(rawValue: "message.write")
    /// `onetime.share`: share a message once through the share target picker.
    public static let oneTimeShare = LoginPermission(rawValue: "onetime.share")
    /// `openchat.info`: read the user's OpenChat information.
    public static let openChatInfo = LoginPermission(rawValue: "openchat.info")
}
