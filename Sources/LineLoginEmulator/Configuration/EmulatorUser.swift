#if Emulator
import Foundation

/// A LINE user who can sign in on the emulator's login page.
public struct EmulatorUser: Sendable, Codable, Equatable {
    /// The user ID: `U` followed by 32 lowercase hex digits.
    public var userID: String
    /// The display name (`displayName` in the profile, `name` in the ID token).
    public var displayName: String
    /// The profile picture URL, if any.
    public var pictureURL: String?
    /// The status message, if any.
    public var statusMessage: String?
    /// The email address, if any. The login page also accepts the user ID in the email field.
    public var email: String?
    /// The password typed on the login page.
    public var password: String
    /// Whether the user is already a friend of the channels' linked official accounts.
    public var isFriend: Bool
    /// A second factor: when set, the login page asks for this code after the password, and the ID
    /// token's `amr` gains `mfa`.
    public var secondFactorCode: String?

    /// Creates a user.
    /// - Parameters:
    ///   - userID: `U` followed by 32 lowercase hex digits.
    ///   - displayName: The display name.
    ///   - pictureURL: The profile picture URL.
    ///   - statusMessage: The status message.
    ///   - email: The email address.
    ///   - password: The password.
    ///   - isFriend: Whether the user is a friend of the linked official accounts.
    public init(
        userID: String,
        displayName: String,
        pictureURL: String? = nil,
        statusMessage: String? = nil,
        email: String? = nil,
        password: String,
        isFriend: Bool = false
    ) {
        self.userID = userID
        self.displayName = displayName
        self.pictureURL = pictureURL
        self.statusMessage = statusMessage
        self.email = email
        self.password = password
        self.isFriend = isFriend
    }

    private enum CodingKeys: String, CodingKey {
        case userID, displayName, pictureURL, statusMessage, email, password, isFriend, secondFactorCode
    }

    /// Decodes a user; `pictureURL`, `statusMessage`, `email`, `isFriend` and `secondFactorCode` are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.userID = try container.decode(String.self, forKey: .userID)
        self.displayName = try container.decode(String.self, forKey: .displayName)
        self.pictureURL = try container.decodeIfPresent(String.self, forKey: .pictureURL)
        self.statusMessage = try container.decodeIfPresent(String.self, forKey: .statusMessage)
        self.email = try container.decodeIfPresent(String.self, forKey: .email)
        self.password = try container.decode(String.self, forKey: .password)
        self.isFriend = try container.decodeIfPresent(Bool.self, forKey: .isFriend) ?? false
        self.secondFactorCode = try container.decodeIfPresent(String.self, forKey: .secondFactorCode)
    }
}
#endif
