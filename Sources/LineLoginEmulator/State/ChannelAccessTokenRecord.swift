#if Emulator
import Foundation

/// A stateless channel access token (`POST /oauth2/v3/token`), stored under its digest.
struct ChannelAccessTokenRecord: Sendable, Codable {
    var channelID: String
    var expiresAt: Date
}
#endif
