#if Server
public import Foundation
public import LineLoginPlatform
/// An access token LINE confirmed for one of the configured channels, with its owner's profile.
public struct VerifiedAccessToken: Sendable, Equatable, Codable {
    /// The channel it was issued to (`client_id`).
    public let channelID: String
    /// The granted scopes.
    public let scopes: [String]
    /// When it expires: receipt of the verify answer plus `expires_in`.
    public let expiresAt: Date
    /// The owner's profile.
    public let profile: UserProfile

    /// Creates a result.
    public init(channelID: String, scopes: [String], expiresAt: Date, profile: UserProfile) {
        self.channelID = channelID
        self.scopes = scopes
        self.expiresAt = expiresAt
        self.profile = profile
    }

    /// The user: the profile's ID, name, picture and status message.
    public var user: LineUser {
        LineUser(
            userID: profile.userID, channelID: channelID, displayName: profile.displayName,
            pictureURL: profile.pictureURL, statusMessage: profile.statusMessage, method: .accessToken)
    }
}
#endif
