public import Foundation

/// LinkedIn's "Sign In with LinkedIn using OpenID Connect": its documented endpoints and issuers.
/// Use it through ``ProviderProfile/linkedIn(issuer:nativePKCE:)``.
public enum LinkedInProvider {
    /// The issuer LinkedIn's ID tokens carry since 2024.
    public static let issuer = "https://www.linkedin.com/oauth"
    /// The issuer LinkedIn used before 2024; pass it as `issuer` if your tokens still carry it.
    public static let legacyIssuer = "https://www.linkedin.com"
    /// The standard authorization endpoint (confidential clients; refuses PKCE).
    public static let authorizationEndpoint = constant("https://www.linkedin.com/oauth/v2/authorization")
    /// The native-app authorization endpoint: PKCE without a secret, loopback redirects only, once
    /// LinkedIn has enabled it for the app.
    public static let nativePKCEAuthorizationEndpoint = constant("https://www.linkedin.com/oauth/native-pkce/authorization")
    /// The token endpoint (form POST, `client_secret_post`).
    public static let tokenEndpoint = constant("https://www.linkedin.com/oauth/v2/accessToken")
    /// The revocation endpoint (RFC 7009 style `token`, with client credentials).
    public static let revocationEndpoint = constant("https://www.linkedin.com/oauth/v2/revoke")
    /// The introspection endpoint.
    public static let introspectionEndpoint = constant("https://www.linkedin.com/oauth/v2/introspectToken")
    /// The userinfo endpoint (its `locale` is an object: read it with ``LinkedInUserInfo``).
    public static let userinfoEndpoint = constant("https://api.linkedin.com/v2/userinfo")
    /// The JWKS (RS256 keys).
    public static let jwksURI = constant("https://www.linkedin.com/oauth/openid/jwks")
    /// The scopes of Sign In with LinkedIn (`r_liteprofile`, `r_emailaddress`, `r_basicprofile` are retired).
    public static let scopes = ["openid", "profile", "email"]

    /// LinkedIn's endpoints with `issuer` (``issuer`` by default, ``legacyIssuer`` for older tokens)
    /// and the standard or the native-PKCE authorization endpoint.
    public static func endpoints(issuer: String = issuer, nativePKCE: Bool = false) -> ProviderEndpoints {
        ProviderEndpoints(
            issuer: issuer, authorizationEndpoint: nativePKCE ? nativePKCEAuthorizationEndpoint : authorizationEndpoint,
            tokenEndpoint: tokenEndpoint, jwksURI: jwksURI, userinfoEndpoint: userinfoEndpoint,
            revocationEndpoint: revocationEndpoint, introspectionEndpoint: introspectionEndpoint)
    }

    /// A one-line explanation of an ID-token issuer mismatch that names LinkedIn's two issuers, so the
    /// 2024 change is recognised at once; `nil` for any other error. The check itself is never skipped.
    public static func explain(_ error: IDTokenError) -> String? {
        guard case .issuerMismatch(let expected, let actual) = error else { return nil }
        let received = actual ?? "no iss"
        if [issuer, legacyIssuer].contains(received) {
            return
                "LinkedIn ID token issuer is \(received) but \(expected) was configured: pass issuer: \"\(received)\" to ProviderProfile.linkedIn if that is the issuer you trust"
        }
        return "ID token issuer is \(received), expected \(expected)"
    }

    private static func constant(_ string: String) -> URL {
        guard let url = URL(string: string) else { preconditionFailure("invalid built-in URL \(string)") }
        return url
    }
}
