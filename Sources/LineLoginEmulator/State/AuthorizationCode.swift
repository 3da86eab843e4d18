import Foundation

/// An issued authorization code (single use, 10 minutes).
struct AuthorizationCode: Sendable {
    var request: AuthorizationRequest
    var userID: String
    var authTime: Date
    var expiresAt: Date
}
