import Foundation

/// One provider and one client: endpoints, credentials, accepted algorithms and quirks.
///
/// Build it from explicit endpoints, from a discovery document (``DiscoveryDocument``), or through a
/// provider profile such as LINE's in `LineSDK`.
public struct ProviderConfiguration: Sendable {
    /// The issuer, compared exactly with `iss`.
    public var issuer: String
    /// The authorization endpoint.
    public var authorizationEndpoint: URL
    /// The token endpoint.
    public var tokenEndpoint: URL
    /// The JWKS URI (ES256/RS256 ID tokens).
    public var jwksURI: URL?
    /// The userinfo endpoint.
    public var userinfoEndpoint: URL?
    /// The revocation endpoint.
    public var revocationEndpoint: URL?
    /// The introspection endpoint (RFC 7662).
    public var introspectionEndpoint: URL?
    /// The client ID (LINE: the channel ID).
    public var clientID: String
    /// The client secret (LINE: the channel secret). Also the HS256 key when HS256 is allowed.
    public var clientSecret: String?
    /// How the client authenticates at the token endpoint.
    public var clientAuthentication: ClientAuthentication
    /// ID-token algorithms accepted, from configuration, never from a token. HS256 also needs ``clientSecret``.
    public var idTokenAlgorithms: Set<JWSAlgorithm>
    /// Named departures from the RFCs.
    public var quirks: ProviderQuirks
    /// Allowed clock skew for `exp`, `iat`, `nbf` (default 60 s).
    public var leeway: TimeInterval
    /// Request timeout for every endpoint.
    public var timeout: TimeInterval

    /// Creates a configuration. Call ``validate()`` (the clients do) to check the endpoints.
    public init(
        issuer: String, authorizationEndpoint: URL, tokenEndpoint: URL, jwksURI: URL? = nil,
        userinfoEndpoint: URL? = nil, revocationEndpoint: URL? = nil, introspectionEndpoint: URL? = nil,
        clientID: String, clientSecret: String? = nil, clientAuthentication: ClientAuthentication? = nil,
        idTokenAlgorithms: Set<JWSAlgorithm> = [.es256, .rs256], quirks: ProviderQuirks = [],
        leeway: TimeInterval = 60, timeout: TimeInterval = 30
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.jwksURI = jwksURI
        self.userinfoEndpoint = userinfoEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.introspectionEndpoint = introspectionEndpoint
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.clientAuthentication = clientAuthentication ?? (clientSecret == nil ? .none : .clientSecretBasic)
        self.idTokenAlgorithms = idTokenAlgorithms
        self.quirks = quirks
        self.leeway = leeway
        self.timeout = timeout
    }

    /// Whether PKCE is sent (always, unless the profile names ``ProviderQuirks/pkceUnsupported``).
    public var usesPKCE: Bool { !quirks.contains(.pkceUnsupported) }

    /// Whether a nonce is sent and checked when `openid` is requested.
    public var usesNonce: Bool { !quirks.contains(.idTokenOmitsNonce) }

    /// The HS256 key: only with a configured secret and HS256 allowed.
    public var hmacSecret: String? { idTokenAlgorithms.contains(.hs256) ? clientSecret : nil }

    /// Checks every endpoint against ``EndpointPolicy`` and the algorithm settings.
    public func validate() throws(OAuthError) {
        let endpoints: [(String, URL?)] = [
            ("authorization_endpoint", authorizationEndpoint), ("token_endpoint", tokenEndpoint),
            ("jwks_uri", jwksURI), ("userinfo_endpoint", userinfoEndpoint),
            ("revocation_endpoint", revocationEndpoint), ("introspection_endpoint", introspectionEndpoint),
        ]
        for case let (name, url?) in endpoints where !EndpointPolicy.isAllowed(url) {
            throw .configuration(EndpointPolicyError(endpoint: name, url: url).description)
        }
        if clientAuthentication != .none && clientSecret == nil {
            throw .configuration("\(clientAuthentication.rawValue) needs a client secret")
        }
        if !usesPKCE && clientSecret == nil {
            throw .configuration("without PKCE the code exchange needs a client secret")
        }
    }
}

extension ProviderConfiguration: CustomStringConvertible, CustomReflectable {
    /// What `dump` and debuggers show: endpoints and settings, never the secret.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "issuer": issuer, "authorizationEndpoint": authorizationEndpoint, "tokenEndpoint": tokenEndpoint,
            "jwksURI": jwksURI as Any, "clientID": clientID, "clientSecret": clientSecret == nil ? "none" : "<redacted>",
            "clientAuthentication": clientAuthentication, "idTokenAlgorithms": idTokenAlgorithms, "quirks": quirks,
        ])
    }

    /// Issuer and client; never the secret.
    public var description: String {
        "ProviderConfiguration(issuer: \(issuer), client: \(clientID), secret: \(clientSecret == nil ? "none" : "<redacted>"))"
    }
}
