#if Emulator
public import Foundation

/// What a sign-in on a ``TestLinePlatform`` handed back: the tokens LINE's token endpoint issued, and the
/// facts a test checks them against.
public struct LineTestTokens: Sendable, Equatable {
    /// The access token, for LINE's APIs (profile, friendship, verify) and for a backend's
    /// `AccessTokenVerifier`.
    public var accessToken: String
    /// The refresh token.
    public var refreshToken: String?
    /// The ID token, when `openid` was granted: what an app sends a backend's `IDTokenVerifier`.
    public var IDToken: String?
    /// Seconds the access token lives, as the token endpoint said.
    public var expiresIn: TimeInterval?
    /// The scopes granted.
    public var scopes: [String]
    /// The nonce the sign-in sent (and the ID token echoes), for `IDTokenVerifier`'s `.equals(_:)`.
    public var nonce: String?
    /// The user who signed in.
    public var userID: String
    /// The channel the tokens were issued to.
    public var channelID: String

    /// Creates a value (``TestLinePlatform/signIn(userID:channelID:scopes:nonce:IDTokenKeyType:addFriend:)``
    /// is the usual source).
    public init(
        accessToken: String, refreshToken: String?, IDToken: String?, expiresIn: TimeInterval?, scopes: [String],
        nonce: String?, userID: String, channelID: String
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.IDToken = IDToken
        self.expiresIn = expiresIn
        self.scopes = scopes
        self.nonce = nonce
        self.userID = userID
        self.channelID = channelID
    }
}

extension LineTestTokens: CustomStringConvertible {
    /// Never shows a token.
    public var description: String {
        "LineTestTokens(userID: \(userID), channelID: \(channelID), scopes: \(scopes), tokens: <redacted>)"
    }
}
#endif
