#if Server
public import Foundation

/// A user this server has authenticated with LINE: from a verified access token (profile), a verified
/// ID token (claims) or a completed web login (both). `userID` is the only stable identifier.
public struct LineUser: Sendable, Equatable, Codable {
    /// How the user was authenticated.
    public enum Method: String, Sendable, Codable {
        /// A bearer access token checked with LINE's verify endpoint, then the profile.
        case accessToken = "access_token"
        /// A bearer ID token verified locally or with LINE's verify endpoint.
        case idToken = "id_token"
        /// The server-side web login (authorization code with the channel secret).
        case webLogin = "web_login"
    }

    /// The user ID (`U` + 32 hex); per LINE provider.
    public var userID: String
    /// The channel the token was issued to.
    public var channelID: String
    /// The display name (profile `displayName`, ID token `name`).
    public var displayName: String?
    /// The profile picture (profile `pictureUrl`, ID token `picture`).
    public var pictureURL: URL?
    /// The status message (profile only).
    public var statusMessage: String?
    /// The email address (ID token `email`, only with the `email` permission).
    public var email: String?
    /// How the user was authenticated.
    public var method: Method

    /// Creates a user.
    public init(
        userID: String, channelID: String, displayName: String? = nil, pictureURL: URL? = nil,
        statusMessage: String? = nil, email: String? = nil, method: Method
    ) {
        self.userID = userID
        self.channelID = channelID
        self.displayName = displayName
        self.pictureURL = pictureURL
        self.statusMessage = statusMessage
        self.email = email
        self.method = method
    }
}
#endif
