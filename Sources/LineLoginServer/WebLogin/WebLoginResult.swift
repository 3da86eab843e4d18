#if Server
import Foundation
public import LineLoginPlatform
public import OAuthEngine

/// A completed web login: the user, the tokens, and what LINE said about them.
public struct WebLoginResult: Sendable, Equatable {
    /// The signed-in user (ID token claims and profile combined).
    public let user: LineUser
    /// The tokens, with the expiry made absolute at receipt.
    public let tokens: TokenSet
    /// The validated ID token claims (`openid` logins).
    public let idToken: IDTokenClaims?
    /// The profile (`profile` logins).
    public let profile: UserProfile?
    /// The local path the login was started from, if any.
    public let returnTo: String?
    /// LINE's `friendship_status_changed` (only when `bot_prompt` was sent).
    public let friendshipStatusChanged: Bool?
    /// The session to keep for this browser (with its own ID, made once).
    public let session: WebSession

    /// Creates a result.
    public init(
        user: LineUser, tokens: TokenSet, idToken: IDTokenClaims?, profile: UserProfile?, returnTo: String?,
        friendshipStatusChanged: Bool?
    ) {
        self.user = user
        self.tokens = tokens
        self.idToken = idToken
        self.profile = profile
        self.returnTo = returnTo
        self.friendshipStatusChanged = friendshipStatusChanged
        session = WebSession(
            user: user, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
            accessTokenExpiresAt: tokens.expiresAt)
    }
}

extension WebLoginResult: CustomStringConvertible {
    /// The user ID; never a token.
    public var description: String { "WebLoginResult(user: \(user.userID), tokens: \(tokens))" }
}
#endif
