public import Foundation

/// Talks to the token, revocation, introspection and userinfo endpoints of one provider.
/// Sends each request once: a code is never resent after an ambiguous failure.
public struct TokenClient: Sendable {
    /// The provider and client.
    public let configuration: ProviderConfiguration
    /// The transport.
    public let transport: any HTTPTransport
    /// The clock used to make expiries absolute.
    public let clock: any WallClock

    /// Creates a token client.
    public init(configuration: ProviderConfiguration, transport: any HTTPTransport, clock: any WallClock = SystemClock()) {
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
    }

    /// Exchanges an authorization code (`redirect_uri` identical to the request's, `code_verifier` sent).
    public func exchange(
        code: String, redirectURI: URL, codeVerifier: String?,
        additionalFields: [(String, String)] = []
    ) async throws(OAuthError) -> TokenResponse {
        var fields = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI.absoluteString)]
        if let codeVerifier { fields.append(("code_verifier", codeVerifier)) }
        fields.append(contentsOf: additionalFields)
        fields.append(contentsOf: configuration.tokenRequestParameters)
        return try await tokenRequest(fields)
    }

    /// Refreshes (RFC 6749 §6).
    public func refresh(refreshToken: String, scope: [String]? = nil) async throws(OAuthError) -> TokenResponse {
        var fields = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        if let scope { fields.append(("scope", scope.joined(separator: " "))) }
        return try await tokenRequest(fields)
    }

    /// Starts the device authorization grant (RFC 8628 §3.1).
    public func deviceAuthorization(scopes: [String]) async throws(OAuthError) -> DeviceAuthorization {
        guard let endpoint = configuration.endpoints.deviceAuthorizationEndpoint else {
            throw .configuration("the provider offers no device authorization endpoint")
        }
        var fields = [("scope", scopes.joined(separator: " "))]
        let response = try await send(
            .form(url: endpoint, fields: authenticated(&fields), headers: authorizationHeader, timeout: configuration.timeout))
        guard response.isSuccess else { throw .server(ServerError(response: response, url: endpoint)) }
        return try DeviceAuthorization(response: response, receivedAt: clock.now())
    }

    /// One poll of the token endpoint for a device authorization (RFC 8628 §3.4). `authorization_pending`
    /// and `slow_down` come back as ``OAuthError/server(_:)`` with those codes.
    public func deviceToken(deviceCode: String) async throws(OAuthError) -> TokenResponse {
        try await tokenRequest([("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode)])
    }

    /// Which token a revocation names.
    public enum TokenKind: String, Sendable {
        /// An access token.
        case accessToken = "access_token"
        /// A refresh token.
        case refreshToken = "refresh_token"
    }

    /// Revokes a token: RFC 7009 (`token`, `token_type_hint`), or LINE's `access_token=`/`refresh_token=`
    /// form under ``ProviderQuirks/revokeWithTokenTypeField``. Where the profile says so, a 400 counts as done.
    public func revoke(_ token: String, kind: TokenKind) async throws(OAuthError) {
        guard let endpoint = configuration.endpoints.revocationEndpoint else { throw .configuration("no revocation endpoint") }
        var fields: [(String, String)]
        if configuration.quirks.contains(.revokeWithTokenTypeField) {
            fields = [(kind.rawValue, token)]
        } else {
            fields = [("token", token), ("token_type_hint", kind.rawValue)]
        }
        let response = try await send(
            .form(url: endpoint, fields: authenticated(&fields), headers: authorizationHeader, timeout: configuration.timeout))
        if response.isSuccess { return }
        if response.statusCode == 400 && configuration.quirks.contains(.revokeBadRequestMeansRevoked) { return }
        throw .server(ServerError(response: response, url: endpoint))
    }

    /// RFC 7662 introspection; returns the JSON object (`active` and whatever else the server sends).
    public func introspect(_ token: String, hint: TokenKind? = nil) async throws(OAuthError) -> [String: JSONValue] {
        guard let endpoint = configuration.endpoints.introspectionEndpoint else { throw .configuration("no introspection endpoint") }
        var fields = [("token", token)]
        if let hint { fields.append(("token_type_hint", hint.rawValue)) }
        let response = try await send(
            .form(
                url: endpoint, fields: authenticated(&fields), headers: authorizationHeader, timeout: configuration.timeout,
                maximumResponseSize: ResponseSizeLimit.api))
        return try jsonObject(response)
    }

    /// The userinfo claims for an access token.
    public func userinfo(accessToken: String) async throws(OAuthError) -> [String: JSONValue] {
        guard let endpoint = configuration.endpoints.userinfoEndpoint else { throw .configuration("no userinfo endpoint") }
        let response = try await send(.bearer(url: endpoint, accessToken: accessToken, timeout: configuration.timeout))
        return try jsonObject(response)
    }

    /// Sends one request through the transport, mapping transport failures.
    public func send(_ request: HTTPRequest) async throws(OAuthError) -> HTTPResponse {
        do { return try await transport.perform(request) } catch { throw .transport(error) }
    }

    /// A 2xx JSON object, or the matching error.
    public func jsonObject(_ response: HTTPResponse) throws(OAuthError) -> [String: JSONValue] {
        guard response.isSuccess else { throw .server(ServerError(response: response)) }
        do { return try JSONValue.parseObject(response.body) } catch {
            throw .invalidResponse(ServerError(response: response, reason: "response is not a JSON object"))
        }
    }

    private func tokenRequest(_ baseFields: [(String, String)]) async throws(OAuthError) -> TokenResponse {
        var fields = baseFields
        let request = HTTPRequest.form(
            url: configuration.endpoints.tokenEndpoint, fields: authenticated(&fields), headers: authorizationHeader,
            timeout: configuration.timeout)
        let response = try await send(request)
        guard response.isSuccess else { throw .server(ServerError(response: response, url: request.url)) }
        return try TokenResponse(response: response, quirks: configuration.quirks)
    }

    private func authenticated(_ fields: inout [(String, String)]) -> [(String, String)] {
        switch configuration.clientAuthentication {
        case .none:
            fields.append(("client_id", configuration.clientID))
        case .clientSecretPost:
            fields.append(("client_id", configuration.clientID))
            if let secret = configuration.clientSecret { fields.append(("client_secret", secret)) }
        case .clientSecretBasic:
            break
        }
        return fields
    }

    private var authorizationHeader: [String: String] {
        guard configuration.clientAuthentication == .clientSecretBasic, let secret = configuration.clientSecret else { return [:] }
        // RFC 6749 §2.3.1: each part form-encoded before Basic encoding.
        let credentials = "\(FormEncoding.escape(configuration.clientID)):\(FormEncoding.escape(secret))"
        return ["Authorization": "Basic \(Data(credentials.utf8).base64EncodedString())"]
    }
}
