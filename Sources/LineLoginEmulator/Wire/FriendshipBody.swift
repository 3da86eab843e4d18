#if Emulator
import Foundation

/// The body of `GET /friendship/v1/status`.
struct FriendshipBody: Codable, Sendable {
    var friendFlag: Bool
}
#endif
