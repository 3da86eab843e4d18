/// Departures from the RFCs that one provider needs. Each one relaxes or reshapes exactly one thing,
/// its name says what, and every profile but the one that needs it leaves it off.
public struct ProviderQuirks: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates quirks from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// LINE: revocation takes `access_token=` / `refresh_token=` instead of RFC 7009's `token=`.
    public static let revokeWithTokenTypeField = ProviderQuirks(rawValue: 1 << 0)
    /// LINE: the token response's `scope` never lists `email`; it is read from the ID token instead.
    public static let scopeOmitsEmail = ProviderQuirks(rawValue: 1 << 1)
    /// LINE: asks for an ES256 ID token with `id_token_key_type=JWK` in the token request.
    public static let requestsJWKSignedIDToken = ProviderQuirks(rawValue: 1 << 2)
    /// LinkedIn: the ID token does not echo `nonce`, so none is sent and none is checked
    /// (gives up replay protection by nonce; `state` and the confidential exchange remain).
    public static let idTokenOmitsNonce = ProviderQuirks(rawValue: 1 << 3)
    /// LinkedIn: the token response may omit `token_type`; it is then taken as `Bearer`.
    public static let tokenTypeMayBeMissing = ProviderQuirks(rawValue: 1 << 4)
    /// LinkedIn's standard endpoint refuses PKCE: none is sent (gives up PKCE; needs a client secret).
    public static let pkceUnsupported = ProviderQuirks(rawValue: 1 << 5)
    /// LINE: a 400 from revoke means the token was already invalid, which counts as revoked.
    /// (RFC 7009 says servers answer 200 for invalid tokens; LINE answers 400.)
    public static let revokeBadRequestMeansRevoked = ProviderQuirks(rawValue: 1 << 6)
    /// glewlwyd: a public client (no secret) authenticates `/introspect` and `/revoke` with its access
    /// token as `Bearer`, because the server refuses RFC 7009's `client_id` alone (401). Gives up keeping
    /// the access token out of requests about other tokens (it only ever goes to the provider's own
    /// endpoints); RFC 7662 §2.1 allows exactly this for introspection.
    public static let publicClientAuthenticatesWithAccessToken = ProviderQuirks(rawValue: 1 << 7)
}
