#if Emulator
import Foundation

/// An issued refresh token, stored under the SHA-256 of the token.
struct RefreshTokenRecord: Sendable, Codable {
    var channelID: String
    var userID: String
    var scopes: [String]
    var expiresAt: Date
    /// Hashes of the access tokens issued with or from this refresh token.
    var accessTokenHashes: Set<String>
    /// The digest of the authorization code the login began with, kept only for channels that revoke a
    /// replayed code's tokens.
    var codeDigest: String?
}
#endif
