import Foundation

/// What a completed sign-in produced.
public struct SignInResult: Sendable {
    /// The stored tokens.
    public let tokens: TokenSet
    /// The validated ID-token claims, when `openid` was granted.
    public let idTokenClaims: IDTokenClaims?
    /// The redirect's extra parameters (e.g. LINE's `friendship_status_changed`).
    public let responseParameters: [String: String]
    /// The nonce that was sent, if any.
    public let nonce: String?

    package init(tokens: TokenSet, idTokenClaims: IDTokenClaims?, responseParameters: [String: String], nonce: String?) {
        self.tokens = tokens
        self.idTokenClaims = idTokenClaims
        self.responseParameters = responseParameters
        self.nonce = nonce
    }
}
