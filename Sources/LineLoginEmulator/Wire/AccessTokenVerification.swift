#if Emulator
import Foundation

/// The body of a successful `GET /oauth2/v2.1/verify`.
struct AccessTokenVerification: Codable, Sendable {
    var scope: String
    var clientID: String
    var expiresIn: Int

    enum CodingKeys: String, CodingKey {
        case scope
        case clientID = "client_id"
        case expiresIn = "expires_in"
    }
}
#endif
