#if Emulator
import Foundation

/// An issued authorization code (single use, 10 minutes).
struct AuthorizationCode: Sendable, Codable {
    var request: AuthorizationRequest
    var userID: String
    var authTime: Date
    /// How the user signed in (`pwd`, `lineautologin`, …), the ID token's `amr`.
    var amr: [String]
    var expiresAt: Date
}
#endif
