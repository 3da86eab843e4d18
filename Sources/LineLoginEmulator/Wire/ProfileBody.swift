#if Emulator
import Foundation

/// The body of `GET /v2/profile`.
struct ProfileBody: Codable, Sendable {
    var userId: String
    var displayName: String
    var pictureUrl: String?
    var statusMessage: String?
}
#endif
