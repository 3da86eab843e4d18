#if Emulator
import Foundation

/// An issued access token, stored under the SHA-256 of the token.
struct AccessTokenRecord: Sendable, Codable {
    var channelID: String
    var userID: String
    var scopes: [String]
    var issuedAt: Date
    var expiresAt: Date
    /// The hash of the refresh token this access token belongs to.
    var refreshTokenHash: String
}
#endif
