#if Emulator
import Foundation

/// LINE's SSO session: a browser that signed in once is recognised by a cookie until it expires, so
/// later authorizations sign in silently ("auto login") or ask "continue as" instead of a password.
struct BrowserSession: Sendable, Equatable, Codable {
    /// Who signed in.
    var userID: String
    /// When the user last typed a password or scanned a QR code: what `max_age` is measured from.
    var authTime: Date
    /// When the cookie stops being honoured.
    var expiresAt: Date
}
#endif
