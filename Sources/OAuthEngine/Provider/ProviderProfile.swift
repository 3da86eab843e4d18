public import Foundation

/// One provider's rules on top of the standard flow: its named quirks, how its client authenticates,
/// which ID-token algorithms it signs with, its default scopes, and its endpoints when they are known
/// without discovery. A quirk is on only in the profile that needs it (see ``ProviderQuirks``).
///
/// ```swift
/// let linkedIn = try OAuthClient(profile: .linkedIn(), clientID: id, clientSecret: secret, store: store)
/// let company = try await OAuthClient.discover(issuer: "https://id.example.com", clientID: id,
///                                              clientSecret: nil, profile: .genericOIDC, store: store)
/// ```
public struct ProviderProfile: Sendable, Equatable {
    /// A short identifier: `oidc`, `linkedin`, `linkedin-native`, `line`, `glewlwyd`.
    public var name: String
    /// The departures from the RFCs this provider needs; empty for a standard provider.
    public var quirks: ProviderQuirks
    /// Scopes asked for when the caller names none.
    public var defaultScopes: [String]
    /// How a client with a secret authenticates at the token endpoint; `nil` takes what discovery
    /// advertises (RFC default `client_secret_basic`). A client without a secret always uses `none`.
    public var clientAuthentication: ClientAuthentication?
    /// The asymmetric ID-token algorithms this provider signs with (intersected with what is
    /// advertised); `nil` accepts ES256 and RS256 as advertised.
    public var idTokenAlgorithms: Set<JWSAlgorithm>?
    /// Whether an HS256 ID token keyed with the client secret is accepted, when a secret is configured
    /// (OIDC Core §10.1). Never without a secret, and an ES256/RS256 key is never used as one.
    public var acceptsHS256WithClientSecret: Bool
    /// The issuer and endpoints, when known without discovery (LinkedIn); `nil` for discovery.
    public var endpoints: ProviderEndpoints?
    /// The provider accepts only loopback redirect URIs (LinkedIn's native-PKCE endpoint).
    public var requiresLoopbackRedirect: Bool

    /// Creates a profile.
    public init(
        name: String, quirks: ProviderQuirks = [], defaultScopes: [String] = ["openid", "profile", "email"],
        clientAuthentication: ClientAuthentication? = nil, idTokenAlgorithms: Set<JWSAlgorithm>? = nil,
        acceptsHS256WithClientSecret: Bool = true, endpoints: ProviderEndpoints? = nil,
        requiresLoopbackRedirect: Bool = false
    ) {
        self.name = name
        self.quirks = quirks
        self.defaultScopes = defaultScopes
        self.clientAuthentication = clientAuthentication
        self.idTokenAlgorithms = idTokenAlgorithms
        self.acceptsHS256WithClientSecret = acceptsHS256WithClientSecret
        self.endpoints = endpoints
        self.requiresLoopbackRedirect = requiresLoopbackRedirect
    }

    /// Any standard OpenID Connect provider, configured from its issuer's discovery document: PKCE,
    /// nonce, `token_type` required, RFC 7009 revocation, no quirks.
    public static let genericOIDC = ProviderProfile(name: "oidc")

    /// LINE Login v2.1 as the engine sees it: LINE's quirks, ES256 (HS256 with a channel secret, for
    /// web-login tokens). `LineSDK` builds its configuration from LINE's platform URLs.
    public static let line = ProviderProfile(
        name: "line",
        quirks: [.revokeWithTokenTypeField, .scopeOmitsEmail, .requestsJWKSignedIDToken, .revokeBadRequestMeansRevoked],
        defaultScopes: ["profile", "openid"], clientAuthentication: .clientSecretPost, idTokenAlgorithms: [.es256])

    /// LinkedIn ("Sign In with LinkedIn using OpenID Connect"): RS256, no nonce (LinkedIn doesn't echo
    /// it), `token_type` may be missing. The standard endpoint refuses PKCE and needs the client secret
    /// (`client_secret_post`); `nativePKCE` uses the native endpoint instead: PKCE, no secret, loopback
    /// redirects only. `issuer` is LinkedIn's current one unless you pass another
    /// (``LinkedInProvider/legacyIssuer``); a mismatch is reported, never skipped.
    public static func linkedIn(issuer: String = LinkedInProvider.issuer, nativePKCE: Bool = false) -> ProviderProfile {
        var quirks: ProviderQuirks = [.idTokenOmitsNonce, .tokenTypeMayBeMissing]
        if !nativePKCE { quirks.insert(.pkceUnsupported) }
        return ProviderProfile(
            name: nativePKCE ? "linkedin-native" : "linkedin", quirks: quirks, defaultScopes: LinkedInProvider.scopes,
            clientAuthentication: .clientSecretPost, idTokenAlgorithms: [.rs256], acceptsHS256WithClientSecret: false,
            endpoints: LinkedInProvider.endpoints(issuer: issuer, nativePKCE: nativePKCE),
            requiresLoopbackRedirect: nativePKCE)
    }

    /// glewlwyd (a standard OIDC server): as ``genericOIDC``, except that a public client authenticates
    /// introspection and revocation with its access token.
    public static let glewlwyd = ProviderProfile(name: "glewlwyd", quirks: [.publicClientAuthenticatesWithAccessToken])

    /// The built-in profiles, one of each kind.
    public static var builtIn: [ProviderProfile] { [.genericOIDC, .linkedIn(), .linkedIn(nativePKCE: true), .line, .glewlwyd] }

    /// A built-in profile by ``name``, or `nil`.
    public static func named(_ name: String) -> ProviderProfile? {
        builtIn.first { $0.name == name.lowercased() }
    }

    /// A configuration for `endpoints` with this profile's quirks, client authentication and algorithms.
    public func configuration(
        endpoints: ProviderEndpoints, clientID: String, clientSecret: String?,
        clientAuthentication: ClientAuthentication? = nil, leeway: TimeInterval = 60,
        timeout: TimeInterval = 30
    ) -> ProviderConfiguration {
        ProviderConfiguration(
            endpoints: endpoints, clientID: clientID, clientSecret: clientSecret,
            clientAuthentication: authentication(clientSecret: clientSecret, requested: clientAuthentication, advertised: nil),
            idTokenAlgorithms: algorithms(clientSecret: clientSecret, advertised: nil), quirks: quirks, leeway: leeway, timeout: timeout)
    }

    /// A configuration for `endpoints`, or the profile's own when `nil` (LinkedIn's). Throws
    /// ``OAuthError/configuration(_:)`` when neither is known.
    public func configuration(
        clientID: String, clientSecret: String?, clientAuthentication: ClientAuthentication? = nil,
        endpoints: ProviderEndpoints? = nil, leeway: TimeInterval = 60,
        timeout: TimeInterval = 30
    ) throws(OAuthError) -> ProviderConfiguration {
        guard let endpoints = endpoints ?? self.endpoints else {
            throw .configuration("the \(name) profile has no built-in endpoints: discover them from the issuer or pass them")
        }
        return configuration(
            endpoints: endpoints, clientID: clientID, clientSecret: clientSecret,
            clientAuthentication: clientAuthentication, leeway: leeway, timeout: timeout)
    }

    /// A configuration from a discovery document, with this profile's quirks, client authentication
    /// and algorithms (each intersected with what the document advertises).
    public func configuration(
        document: DiscoveryDocument, clientID: String, clientSecret: String?,
        clientAuthentication: ClientAuthentication? = nil, leeway: TimeInterval = 60,
        timeout: TimeInterval = 30
    ) -> ProviderConfiguration {
        ProviderConfiguration(
            endpoints: ProviderEndpoints(document: document), clientID: clientID, clientSecret: clientSecret,
            clientAuthentication: authentication(
                clientSecret: clientSecret, requested: clientAuthentication,
                advertised: document.tokenEndpointAuthMethodsSupported),
            idTokenAlgorithms: algorithms(clientSecret: clientSecret, advertised: document.idTokenSigningAlgValuesSupported),
            quirks: quirks, leeway: leeway, timeout: timeout)
    }

    private func authentication(clientSecret: String?, requested: ClientAuthentication?, advertised: [String]?) -> ClientAuthentication {
        if let requested { return requested }
        guard clientSecret != nil else { return .none }
        if let clientAuthentication { return clientAuthentication }
        let methods = advertised ?? ["client_secret_basic"]
        return methods.lazy.compactMap(ClientAuthentication.init(rawValue:)).first { $0 != .none } ?? .clientSecretBasic
    }

    private func algorithms(clientSecret: String?, advertised: [String]?) -> Set<JWSAlgorithm> {
        var accepted = idTokenAlgorithms ?? [.es256, .rs256]
        if acceptsHS256WithClientSecret, clientSecret != nil { accepted.insert(.hs256) } else { accepted.remove(.hs256) }
        if let advertised { accepted.formIntersection(advertised.compactMap(JWSAlgorithm.init(rawValue:))) }
        return accepted
    }
}

extension ProviderProfile: CustomStringConvertible {
    /// The name and the quirks, e.g. `linkedin [idTokenOmitsNonce, tokenTypeMayBeMissing, pkceUnsupported]`.
    public var description: String { "\(name) [\(quirks.names.joined(separator: ", "))]" }
}
