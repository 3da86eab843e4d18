public import Foundation

/// OpenID Provider metadata (OIDC Discovery 1.0 / RFC 8414). Unknown fields are ignored.
public struct DiscoveryDocument: Sendable, Decodable, Equatable {
    /// The issuer; must equal the configured issuer exactly (the same bytes).
    public var issuer: String
    /// The authorization endpoint.
    public var authorizationEndpoint: URL
    /// The token endpoint.
    public var tokenEndpoint: URL
    /// The userinfo endpoint.
    public var userinfoEndpoint: URL?
    /// The JWKS URI.
    public var jwksURI: URL?
    /// The revocation endpoint (RFC 7009).
    public var revocationEndpoint: URL?
    /// The introspection endpoint (RFC 7662).
    public var introspectionEndpoint: URL?
    /// The device authorization endpoint (RFC 8628), when the provider offers the device flow.
    public var deviceAuthorizationEndpoint: URL?
    /// Advertised ID-token algorithms.
    public var idTokenSigningAlgValuesSupported: [String]?
    /// Advertised client authentication methods.
    public var tokenEndpointAuthMethodsSupported: [String]?
    /// Advertised PKCE methods.
    public var codeChallengeMethodsSupported: [String]?
    /// Advertised scopes.
    public var scopesSupported: [String]?

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case userinfoEndpoint = "userinfo_endpoint"
        case jwksURI = "jwks_uri"
        case revocationEndpoint = "revocation_endpoint"
        case introspectionEndpoint = "introspection_endpoint"
        case deviceAuthorizationEndpoint = "device_authorization_endpoint"
        case idTokenSigningAlgValuesSupported = "id_token_signing_alg_values_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case scopesSupported = "scopes_supported"
    }

    /// The well-known URL for an issuer: `<issuer>/.well-known/openid-configuration`.
    public static func url(forIssuer issuer: String) -> URL? {
        let trimmed = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        return URL(string: trimmed + "/.well-known/openid-configuration")
    }

    /// Fetches and checks the document: 2xx, decodable, `issuer` equal to `issuer`, endpoints allowed.
    public static func fetch(issuer: String, transport: any HTTPTransport, timeout: TimeInterval = 30) async throws(OAuthError)
        -> DiscoveryDocument
    {
        try await fetch(issuer: issuer, at: nil, transport: transport, timeout: timeout)
    }

    /// Fetches and checks the document at `documentURL` (`nil`: the issuer's well-known URL), with the same
    /// checks: a platform whose endpoints are not at its issuer (an emulator that carries LINE's issuer)
    /// serves the document where its endpoints are, and it must still name `issuer`.
    public static func fetch(issuer: String, at documentURL: URL?, transport: any HTTPTransport, timeout: TimeInterval = 30)
        async throws(OAuthError) -> DiscoveryDocument
    {
        guard let url = documentURL ?? url(forIssuer: issuer) else { throw .configuration("issuer is not a URL") }
        guard EndpointPolicy.isAllowed(url) else { throw .configuration(EndpointPolicyError(endpoint: "issuer", url: url).description) }
        let response: HTTPResponse
        do {
            response = try await transport.perform(
                HTTPRequest(
                    url: url, headers: ["Accept": "application/json"], timeout: timeout, maximumResponseSize: ResponseSizeLimit.discovery))
        } catch { throw .transport(error) }
        guard response.isSuccess else { throw .server(ServerError(response: response)) }
        let document: DiscoveryDocument
        do { document = try JSONDecoder().decode(DiscoveryDocument.self, from: response.body) } catch {
            throw .invalidResponse(ServerError(response: response, reason: "discovery document is not valid JSON metadata"))
        }
        guard ExactMatch.equals(document.issuer, issuer) else {
            throw .configuration("discovery issuer mismatch: expected \(issuer), got \(document.issuer)")
        }
        let endpoints: [(String, URL?)] = [
            ("authorization_endpoint", document.authorizationEndpoint), ("token_endpoint", document.tokenEndpoint),
            ("userinfo_endpoint", document.userinfoEndpoint), ("jwks_uri", document.jwksURI),
            ("revocation_endpoint", document.revocationEndpoint), ("introspection_endpoint", document.introspectionEndpoint),
            ("device_authorization_endpoint", document.deviceAuthorizationEndpoint),
        ]
        for case let (name, url?) in endpoints where !EndpointPolicy.isAllowed(url) {
            throw .configuration(EndpointPolicyError(endpoint: name, url: url).description)
        }
        return document
    }
}
