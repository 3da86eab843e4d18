#if Server
public import OAuthEngine

/// An ID token that passed every check.
public struct VerifiedIDToken: Sendable, Equatable {
    /// The channel it was issued to (one of the configured channels).
    public let channelID: String
    /// Its claims.
    public let claims: IDTokenClaims
    /// The user the token is about: `sub`, `name`, `picture`, `email`. Read once here: a cached token is
    /// answered on every request, and parsing the picture URL each time would cost more than the lookup.
    public let user: LineUser

    /// Creates a result.
    public init(channelID: String, claims: IDTokenClaims) {
        self.channelID = channelID
        self.claims = claims
        self.user = LineUser(
            userID: claims.subject, channelID: channelID, displayName: claims.name, pictureURL: claims.picture,
            email: claims.email, method: .idToken)
    }
}
#endif
