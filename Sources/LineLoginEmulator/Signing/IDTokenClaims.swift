#if Emulator
import Foundation

/// The claim set of a LINE ID token.
struct IDTokenClaims: Codable, Sendable, Equatable {
    var iss: String
    var sub: String
    var aud: String
    var exp: Int
    var iat: Int
    var authTime: Int?
    var nonce: String?
    var amr: [String]?
    var name: String?
    var picture: String?
    var email: String?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat
        case authTime = "auth_time"
        case nonce, amr, name, picture, email
    }
}
#endif
