public import Foundation

/// One provider and one client: endpoints, credentials, accepted algorithms and quirks.
///
/// Build it from explicit endpoints, from a discovery document (``DiscoveryDocument``), or through a
/// provider profile such as LINE's in `LineSDK`.
public struct ProviderConfiguration: Sendable {
    /// The issuer and endpoints.
    public var endpoints: ProviderEndpoints
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
    /// Allowed clock skew for `exp`, `iat`, `nbf` (default 60 s; at most ``IDTokenValidator/leewayBounds``).
    public var leeway: TimeInterval
    /// Request timeout for every endpoint.
    public var timeout: TimeInterval

    /// Creates a configuration. Most code gets one from a ``ProviderProfile`` instead, which decides
    /// client authentication and algorithms; call ``validate()`` (the clients do) to check the endpoints.
    public init(
        endpoints: ProviderEndpoints, clientID: String, clientSecret: String? = nil,
        clientAuthentication: ClientAuthentication? = nil, idTokenAlgorithms: Set<JWSAlgorithm> = [.es256, .rs256],
        quirks: ProviderQuirks = [], leeway: TimeInterval = 60, timeout: TimeInterval = 30
    ) {
        self.endpoints = endpoints
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.clientAuthentication = clientAuthentication ?? (clientSecret == nil ? .none : .clientSecretBasic)
        self.idTokenAlgorithms = idTokenAlgorithms
        self.quirks = quirks
        self.leeway = leeway
        self.timeout = timeout
    }

    /// Extra fields of every token request that the quirks call for (LINE: `id_token_key_type=JWK`).
    public var tokenRequestParameters: [(String, String)] {
        quirks.contains(.requestsJWKSignedIDToken) ? [("id_token_key_type", "JWK")] : []
    }

    /// Whether PKCE is sent (always, unless the profile names ``ProviderQuirks/pkceUnsupported``).
    public var usesPKCE: Bool { !quirks.contains(.pkceUnsupported) }

    /// Whether a nonce is sent and checked when `openid` is requested.
    public var usesNonce: Bool { !quirks.contains(.idTokenOmitsNonce) }

    /// The HS256 key: only with a configured secret and HS256 allowed.
    public var hmacSecret: String? { idTokenAlgorithms.contains(.hs256) ? clientSecret : nil }

    /// Checks every endpoint against ``EndpointPolicy``, the algorithm settings and the leeway.
    public func validate() throws(OAuthError) {
        try IDTokenValidator.checkLeeway(leeway)
        let named: [(String, URL?)] = [
            ("authorization_endpoint", endpoints.authorizationEndpoint), ("token_endpoint", endpoints.tokenEndpoint),
            ("jwks_uri", endpoints.jwksURI), ("userinfo_endpoint", endpoints.userinfoEndpoint),
            ("revocation_endpoint", endpoints.revocationEndpoint), ("introspection_endpoint", endpoints.introspectionEndpoint),
        ]
        for case let (name, url?) in named where !EndpointPolicy.isAllowed(url) {
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
        Mirror(
            self,
            children: [
                "endpoints": endpoints, "clientID": clientID, "clientSecret": clientSecret == nil ? "none" : "<redacted>",
                "clientAuthentication": clientAuthentication, "idTokenAlgorithms": idTokenAlgorithms, "quirks": quirks,
            ])
    }

    /// Issuer and client; never the secret.
    public var description: String {
        "ProviderConfiguration(issuer: \(endpoints.issuer), client: \(clientID), secret: \(clientSecret == nil ? "none" : "<redacted>"))"
    }
}
