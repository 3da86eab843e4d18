#if Emulator
import Foundation

/// The body of `/oauth2/v2.1/userinfo`: never an email.
struct UserinfoBody: Codable, Sendable {
    var sub: String
    var name: String?
    var picture: String?
}
#endif
