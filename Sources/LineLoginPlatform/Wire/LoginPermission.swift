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
    /// `openchat.term.agreement.status`: whether the user agreed to OpenChat's terms.
    public static let openChatTermStatus = LoginPermission(rawValue: "openchat.term.agreement.status")
    /// `openchat.create.join`: create and join OpenChat rooms.
    public static let openChatRoomCreateAndJoin = LoginPermission(rawValue: "openchat.create.join")
    /// `phone`: the user's phone number (needs approval).
    public static let phone = LoginPermission(rawValue: "phone")
    /// `gender`: the user's gender (needs approval).
    public static let gender = LoginPermission(rawValue: "gender")
    /// `birthdate`: the user's birth date (needs approval).
    public static let birthdate = LoginPermission(rawValue: "birthdate")
    /// `address`: the user's address (needs approval).
    public static let address = LoginPermission(rawValue: "address")
    /// `real_name`: the user's real name (needs approval).
    public static let realName = LoginPermission(rawValue: "real_name")
    /// `openchatplug.managament` (LINE's spelling): manage OpenChat plug-ins.
    public static let openChatPlugManagement = LoginPermission(rawValue: "openchatplug.managament")
    /// `openchatplug.info`: read OpenChat plug-in information.
    public static let openChatPlugInfo = LoginPermission(rawValue: "openchatplug.info")
    /// `openchatplug.profile`: read the OpenChat profile.
    public static let openChatPlugProfile = LoginPermission(rawValue: "openchatplug.profile")
    /// `openchatplug.send.message`: send OpenChat messages.
    public static let openChatPlugSendMessage = LoginPermission(rawValue: "openchatplug.send.message")
    /// `openchatplug.receive.message.and.event`: receive OpenChat messages and events.
    public static let openChatPlugReceiveMessageEvent = LoginPermission(rawValue: "openchatplug.receive.message.and.event")
}
