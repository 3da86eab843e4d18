public import OAuthEngine

/// An ID token that passed every check.
public struct VerifiedIDToken: Sendable, Equatable {
    /// The channel it was issued to (one of the configured channels).
    public let channelID: String
    /// Its claims.
    public let claims: IDTokenClaims

    /// Creates a result.
    public init(channelID: String, claims: IDTokenClaims) {
        self.channelID = channelID
        self.claims = claims
    }

    /// The user the token is about: `sub`, `name`, `picture`, `email`.
    public var user: LineUser {
        LineUser(userID: claims.subject, channelID: channelID, displayName: claims.name, pictureURL: claims.picture,
                 email: claims.email, method: .idToken)
    }
}
