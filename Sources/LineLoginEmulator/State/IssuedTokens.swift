#if Emulator
import Foundation

/// The tokens produced by a successful grant.
struct IssuedTokens: Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int
    var scopes: [String]
}
#endif
