public import Foundation

/// A provider's issuer and endpoints when they are known without discovery (LinkedIn's documented
/// URLs, or a server you configure by hand).
public struct ProviderEndpoints: Sendable, Equatable {
    /// The issuer, compared exactly with the ID token's `iss`.
    public var issuer: String
    /// The authorization endpoint.
    public var authorizationEndpoint: URL
    /// The token endpoint.
    public var tokenEndpoint: URL
    /// The JWKS URI.
    public var jwksURI: URL?
    /// The userinfo endpoint.
    public var userinfoEndpoint: URL?
    /// The revocation endpoint (RFC 7009).
    public var revocationEndpoint: URL?
    /// The introspection endpoint (RFC 7662).
    public var introspectionEndpoint: URL?
    /// The device authorization endpoint (RFC 8628).
    public var deviceAuthorizationEndpoint: URL?

    /// Creates a set of endpoints.
    public init(
        issuer: String, authorizationEndpoint: URL, tokenEndpoint: URL, jwksURI: URL? = nil,
        userinfoEndpoint: URL? = nil, revocationEndpoint: URL? = nil, introspectionEndpoint: URL? = nil,
        deviceAuthorizationEndpoint: URL? = nil
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.jwksURI = jwksURI
        self.userinfoEndpoint = userinfoEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.introspectionEndpoint = introspectionEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
    }

    /// The endpoints a discovery document lists.
    public init(document: DiscoveryDocument) {
        self.init(
            issuer: document.issuer, authorizationEndpoint: document.authorizationEndpoint,
            tokenEndpoint: document.tokenEndpoint, jwksURI: document.jwksURI,
            userinfoEndpoint: document.userinfoEndpoint, revocationEndpoint: document.revocationEndpoint,
            introspectionEndpoint: document.introspectionEndpoint, deviceAuthorizationEndpoint: document.deviceAuthorizationEndpoint)
    }
}
