#if Emulator
import Foundation

/// A login-page session: the authorization request plus, once the user signed in, who and how.
struct PendingAuthorization: Sendable, Codable {
    var request: AuthorizationRequest
    var createdAt: Date
    /// Set once the user signed in (a correct password and second factor, a QR scan, an SSO session).
    var userID: String?
    /// When the user authenticated.
    var authTime: Date?
    /// How the user signed in: the ID token's `amr`.
    var amr: [String] = []
    /// The user whose password was right and whose second factor is still asked for.
    var secondFactorUserID: String?
    /// Second-factor codes checked so far in this attempt, counted before each is checked (optional, so
    /// state files written before it still read).
    var secondFactorCodesChecked: Int?
    /// The SSO session a "continue as" screen offers.
    var browserSession: BrowserSession?
    /// Whether the add-friend option was shown (then, and only then, `friendship_status_changed` is sent).
    var friendshipOffered = false
    /// Whether the user became a friend of the linked official account during this login.
    var friendshipChanged = false
}
#endif
