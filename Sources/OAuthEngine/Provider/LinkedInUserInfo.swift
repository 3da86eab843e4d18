public import Foundation

/// LinkedIn's userinfo answer (`GET https://api.linkedin.com/v2/userinfo`), typed. LinkedIn sends
/// `locale` as an object (``LinkedInLocale``); every claim is also kept in ``raw``.
///
/// ```swift
/// let me = LinkedInUserInfo(claims: try await client.userinfo())
/// ```
public struct LinkedInUserInfo: Sendable, Equatable {
    /// `sub`: the member's ID for this app.
    public var subject: String
    /// `name`.
    public var name: String?
    /// `given_name`.
    public var givenName: String?
    /// `family_name`.
    public var familyName: String?
    /// `picture`.
    public var picture: URL?
    /// `email` (with the `email` scope).
    public var email: String?
    /// `email_verified`.
    public var emailVerified: Bool?
    /// `locale`, LinkedIn's object.
    public var locale: LinkedInLocale?
    /// Every claim as sent.
    public var raw: [String: JSONValue]

    /// Reads the claims. `sub` is required by OIDC; a missing one reads as empty (``OAuthClient/userinfo()``
    /// has already compared it with the ID token's).
    public init(claims: [String: JSONValue]) {
        raw = claims
        subject = claims["sub"]?.stringValue ?? ""
        name = claims["name"]?.stringValue
        givenName = claims["given_name"]?.stringValue
        familyName = claims["family_name"]?.stringValue
        picture = claims["picture"]?.stringValue.flatMap(URL.init(string:))
        email = claims["email"]?.stringValue
        // LinkedIn has sent both a JSON boolean and the string "true".
        switch claims["email_verified"] {
        case .bool(let value): emailVerified = value
        case .string(let text): emailVerified = text.lowercased() == "true" ? true : (text.lowercased() == "false" ? false : nil)
        default: emailVerified = nil
        }
        locale = LinkedInLocale(claims["locale"])
    }
}
