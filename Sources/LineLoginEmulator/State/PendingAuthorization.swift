import Foundation

/// A login-page session: the authorization request plus, after a correct password, the user.
struct PendingAuthorization: Sendable {
    var request: AuthorizationRequest
    var createdAt: Date
    /// Set once the user typed a correct password.
    var userID: String?
    /// When the user authenticated.
    var authTime: Date?
}
