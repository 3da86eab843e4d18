#if Emulator
import Foundation

/// The key of a user's consent to a channel: LINE asks again only for scopes not granted before.
struct ConsentGrant: Sendable, Hashable, Codable {
    var channelID: String
    var userID: String
}
#endif
