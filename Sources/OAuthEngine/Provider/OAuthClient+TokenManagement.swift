public import Foundation

extension OAuthClient {
    /// Refreshes the stored session now (one request however many callers; `invalid_grant` ends the session).
    @discardableResult
    public func refresh() async throws(OAuthError) -> TokenSet {
        try await session.refresh()
    }

    /// Introspects (RFC 7662) the stored access or refresh token.
    public func introspect(_ kind: TokenClient.TokenKind = .accessToken) async throws(OAuthError) -> TokenIntrospection {
        let token = try await storedToken(kind)
        return try await introspect(token: token, hint: kind)
    }

    /// Introspects (RFC 7662) any token of this client, e.g. one revoked earlier.
    public func introspect(token: String, hint: TokenClient.TokenKind? = nil) async throws(OAuthError) -> TokenIntrospection {
        let object: [String: JSONValue]
        if let bearer = await accessTokenForTokenManagement() {
            guard let endpoint = configuration.endpoints.introspectionEndpoint else { throw .configuration("no introspection endpoint") }
            var fields = [("token", token)]
            if let hint { fields.append(("token_type_hint", hint.rawValue)) }
            fields.append(("client_id", configuration.clientID))
            let response = try await tokenClient.send(
                .form(
                    url: endpoint, fields: fields, headers: ["Authorization": "Bearer \(bearer)"],
                    timeout: configuration.timeout))
            object = try tokenClient.jsonObject(response)
        } else {
            object = try await tokenClient.introspect(token, hint: hint)
        }
        guard let introspection = TokenIntrospection(json: object) else {
            throw .invalidResponse(ServerError(statusCode: 200, reason: "introspection response has no boolean active"))
        }
        return introspection
    }

    /// Revokes (RFC 7009) one stored token and updates the session to match:
    /// - the access token: the session keeps its refresh token with the access token marked expired, so
    ///   the next authorized call refreshes first; without a refresh token the session is forgotten;
    /// - the refresh token: the session keeps the access token (until it expires or the server refuses it)
    ///   and no longer refreshes.
    public func revoke(_ kind: TokenClient.TokenKind) async throws(OAuthError) {
        let token = try await storedToken(kind)
        try await revoke(token: token, kind: kind)
        guard var tokens = await session.current() else { return }
        switch kind {
        case .accessToken:
            guard tokens.accessToken == token else { return }
            if tokens.refreshToken == nil {
                await session.clear()
            } else {
                tokens.expiresAt = min(tokens.expiresAt, tokenClient.clock.now())
                await session.replace(with: tokens)
            }
        case .refreshToken:
            guard tokens.refreshToken == token else { return }
            tokens.refreshToken = nil
            await session.replace(with: tokens)
        }
    }

    /// Revokes (RFC 7009) any token of this client at the provider; the local session is not touched.
    public func revoke(token: String, kind: TokenClient.TokenKind) async throws(OAuthError) {
        guard let bearer = await accessTokenForTokenManagement() else {
            try await tokenClient.revoke(token, kind: kind)
            return
        }
        guard let endpoint = configuration.endpoints.revocationEndpoint else { throw .configuration("no revocation endpoint") }
        let fields = [("token", token), ("token_type_hint", kind.rawValue), ("client_id", configuration.clientID)]
        let response = try await tokenClient.send(
            .form(
                url: endpoint, fields: fields, headers: ["Authorization": "Bearer \(bearer)"],
                timeout: configuration.timeout))
        guard response.isSuccess else { throw .server(ServerError(response: response)) }
    }

    /// Sends `request` with the session's access token as `Bearer` (refreshed first when about to
    /// expire, and once after a 401). Refuses plain `http` to a non-loopback host, where the token
    /// would travel in the clear.
    public func send(authorized request: HTTPRequest) async throws(OAuthError) -> HTTPResponse {
        guard EndpointPolicy.isAllowed(request.url) else {
            // The query may hold a token: the message names the endpoint without it.
            throw .configuration(
                EndpointPolicyError(endpoint: "resource", url: ServerError.withoutQuery(request.url) ?? request.url).description)
        }
        let client = tokenClient
        return try await session.perform { tokens throws(OAuthError) in
            var authorized = request
            authorized.headers["Authorization"] = "Bearer \(tokens.accessToken)"
            return try await client.send(authorized)
        }
    }

    /// An authorized `GET` of `url` (JSON accepted), as ``send(authorized:)``.
    public func get(_ url: URL) async throws(OAuthError) -> HTTPResponse {
        try await send(authorized: HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: configuration.timeout))
    }

    private func storedToken(_ kind: TokenClient.TokenKind) async throws(OAuthError) -> String {
        guard let tokens = await session.current() else { throw .notSignedIn }
        switch kind {
        case .accessToken: return tokens.accessToken
        case .refreshToken:
            guard let refreshToken = tokens.refreshToken else { throw .noRefreshToken }
            return refreshToken
        }
    }

    /// The access token that authenticates introspection and revocation under
    /// ``ProviderQuirks/publicClientAuthenticatesWithAccessToken`` (public clients only), else `nil`.
    private func accessTokenForTokenManagement() async -> String? {
        guard configuration.quirks.contains(.publicClientAuthenticatesWithAccessToken),
            configuration.clientAuthentication == .none
        else { return nil }
        return await session.current()?.accessToken
    }
}
