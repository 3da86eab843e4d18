#if Emulator
import Foundation

/// `{"error": …, "error_description": …}`: token, verify, revoke and userinfo errors.
struct OAuthErrorBody: Codable, Sendable, Equatable {
    var error: String
    var errorDescription: String

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }
}
#endif
