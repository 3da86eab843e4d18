public import Foundation

/// A LINE user's profile (`GET /v2/profile`).
public struct UserProfile: Sendable, Equatable, Codable {
    /// The user ID (`U` + 32 hex), the only stable identifier; per provider.
    public let userID: String
    /// The display name.
    public let displayName: String
    /// The profile picture, when set.
    public let pictureURL: URL?
    /// The status message, when set.
    public let statusMessage: String?

    /// The 200×200 thumbnail (`/large` appended).
    public var pictureURLLarge: URL? { pictureURL?.appendingPathComponent("large") }
    /// The 51×51 thumbnail (`/small` appended).
    public var pictureURLSmall: URL? { pictureURL?.appendingPathComponent("small") }

    enum CodingKeys: String, CodingKey {
        case userID = "userId"
        case displayName
        case pictureURL = "pictureUrl"
        case statusMessage
    }

    /// Creates a profile.
    public init(userID: String, displayName: String, pictureURL: URL?, statusMessage: String?) {
        self.userID = userID
        self.displayName = displayName
        self.pictureURL = pictureURL
        self.statusMessage = statusMessage
    }

    /// Decodes LINE's JSON; an unparseable `pictureUrl` counts as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userID = try container.decode(String.self, forKey: .userID)
        displayName = try container.decode(String.self, forKey: .displayName)
        pictureURL = (try? container.decodeIfPresent(String.self, forKey: .pictureURL)).flatMap { $0.flatMap(URL.init(string:)) }
        statusMessage = try container.decodeIfPresent(String.self, forKey: .statusMessage)
    }
}
