import Foundation

/// A validated authorization request, kept while the user signs in and consents.
struct AuthorizationRequest: Sendable, Equatable {
    var channelID: String
    var redirectURI: String
    var state: String
    /// Requested scopes, in request order, without duplicates.
    var scopes: [String]
    var nonce: String?
    /// The S256 `code_challenge`, when PKCE was used.
    var codeChallenge: String?
    /// Whether `bot_prompt` was sent (then `friendship_status_changed` is returned).
    var botPrompt: Bool
    /// `max_age`, which makes `auth_time` appear in the ID token.
    var maxAge: Int?
}
