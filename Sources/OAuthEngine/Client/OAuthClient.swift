public import Foundation

/// A provider-neutral OAuth 2.0 / OpenID Connect client: the login flow as data
/// (request → user agent → redirect → state check → code exchange → ID-token validation → store),
/// plus refresh, revocation, introspection and userinfo over one ``CredentialSession``.
public final class OAuthClient: Sendable {
    /// The provider and client.
    public var configuration: ProviderConfiguration { flow.configuration }
    /// The authorization-code flow every sign-in completes through.
    public let flow: AuthorizationCodeFlow
    /// The stored session (tokens, refresh). Read it through ``currentTokens()`` and ``changes()``.
    package let session: CredentialSession
    /// Token endpoint calls.
    package var tokenClient: TokenClient { flow.tokenClient }

    /// Creates a client. Throws when the configuration breaks a rule (e.g. a plain-http endpoint).
    /// - Parameters:
    ///   - configuration: the provider's endpoints and the client.
    ///   - store: where the tokens are kept.
    ///   - transport: how requests are sent (wrapped in a ``BackoffTransport``).
    ///   - clock: the time tokens and ID tokens are checked against.
    ///   - random: where `state`, PKCE verifiers and nonces come from.
    ///   - refreshMargin: how long before expiry the access token is refreshed proactively.
    ///   - keys: a JWKS cache to use instead of one for the configuration's `jwks_uri`.
    ///   - tokenObserver: called synchronously after every change of the stored tokens (for mirrors that
    ///     must never lag, such as LINE's `AccessTokenStore.current`).
    ///
    /// Calls go through a ``BackoffTransport`` over `transport`: after an endpoint failed (5xx, 429,
    /// unreachable) it is left alone for a second, or for as long as its `Retry-After` asks (at most five
    /// minutes); calls in between fail at once with ``TransportError/backingOff(seconds:)``, a transient
    /// error that keeps the stored tokens.
    public init(
        configuration: ProviderConfiguration, store: any TokenStore, transport: any HTTPTransport = URLSessionTransport(),
        clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        refreshMargin: TimeInterval = 60, keys: KeySetCache? = nil, tokenObserver: (@Sendable (TokenSet?) -> Void)? = nil
    ) throws(OAuthError) {
        let transport = transport as? BackoffTransport ?? BackoffTransport(wrapping: transport, interval: 1, clock: clock)
        flow = try AuthorizationCodeFlow(configuration: configuration, transport: transport, clock: clock, random: random, keys: keys)
        session = CredentialSession(
            store: store, tokenClient: flow.tokenClient, clock: clock, refreshMargin: refreshMargin,
            observer: tokenObserver)
    }

    /// The stored tokens, `nil` when signed out.
    public func currentTokens() async -> TokenSet? {
        await session.current()
    }

    /// A stream of token changes: new, refreshed, or `nil` for signed out.
    public func changes() async -> AsyncStream<TokenSet?> {
        await session.changes()
    }

    /// Builds an authorization request with fresh state, PKCE and nonce (when `openid` is asked for).
    /// - Parameters:
    ///   - redirectURI: where the provider sends the user back.
    ///   - scopes: the scopes asked for.
    ///   - nonce: a nonce chosen by the app; `nil` generates one.
    ///   - additionalParameters: extra query fields of the authorization URL, in order.
    public func makeAuthorizationRequest(
        redirectURI: URL, scopes: [String], nonce: String? = nil,
        additionalParameters: [(String, String)] = []
    ) -> AuthorizationRequest {
        flow.makeRequest(redirectURI: redirectURI, scopes: scopes, nonce: nonce, additionalParameters: additionalParameters)
    }

    /// Runs a whole sign-in through a user agent and stores the tokens.
    /// - Parameters:
    ///   - scopes: the scopes asked for.
    ///   - userAgent: the browser (or stand-in) that shows the provider's pages.
    ///   - redirectURI: the callback; `nil` uses the user agent's own.
    ///   - nonce: a nonce chosen by the app; `nil` generates one.
    ///   - maxAge: `max_age`: the longest time since the user last signed in; then `auth_time` is checked.
    ///   - additionalParameters: extra query fields of the authorization URL, in order.
    ///   - exchangeParameters: extra fields of the code exchange.
    ///   - store: `false` leaves storing to the caller (after checks of its own, e.g. LINE's
    ///     profile/`sub` check), so a refused login never becomes a session.
    public func signIn(
        scopes: [String], userAgent: any UserAgent, redirectURI: URL? = nil, nonce: String? = nil,
        maxAge: TimeInterval? = nil, additionalParameters: [(String, String)] = [], exchangeParameters: [(String, String)] = [],
        store: Bool = true
    ) async throws(OAuthError) -> SignInResult {
        var parameters = additionalParameters
        if let maxAge { parameters.append(try AuthorizationCodeFlow.maxAgeParameter(maxAge)) }
        let agentSession: any UserAgentSession
        do { agentSession = try await userAgent.beginSession(redirectURI: redirectURI) } catch { throw .userAgent(UserAgentError(error)) }
        var request = makeAuthorizationRequest(
            redirectURI: agentSession.redirectURI, scopes: scopes, nonce: nonce, additionalParameters: parameters)
        request.exchangeParameters = exchangeParameters
        let callback: URL
        do { callback = try await agentSession.present(request.url) } catch { throw .userAgent(UserAgentError(error)) }
        return try await completeSignIn(callbackURL: callback, request: request, maxAge: maxAge, store: store)
    }

    /// Handles the redirect for `request` (see ``AuthorizationCodeFlow/complete(callbackURL:request:maxAge:)``)
    /// and stores the tokens. The request must not be used again (its state and nonce are spent).
    public func completeSignIn(
        callbackURL: URL, request: AuthorizationRequest, maxAge: TimeInterval? = nil,
        store: Bool = true
    ) async throws(OAuthError) -> SignInResult {
        let result = try await flow.complete(callbackURL: callbackURL, request: request, maxAge: maxAge)
        if store { await session.replace(with: result.tokens) }
        return result
    }

    /// Revokes the refresh token and the access token and forgets them locally. The local state is
    /// cleared even when revocation fails; the first failure is rethrown afterwards.
    public func signOut() async throws(OAuthError) {
        guard let tokens = await session.current() else { return }
        var firstError: OAuthError?
        if configuration.endpoints.revocationEndpoint != nil {
            if let refreshToken = tokens.refreshToken {
                do { try await revoke(token: refreshToken, kind: .refreshToken) } catch { firstError = error }
            }
            do { try await revoke(token: tokens.accessToken, kind: .accessToken) } catch { firstError = firstError ?? error }
        }
        await session.clear()
        if let firstError { throw firstError }
    }

    /// Userinfo for the stored session, with the `sub` check against the ID token when one is stored.
    public func userinfo() async throws(OAuthError) -> [String: JSONValue] {
        guard let endpoint = configuration.endpoints.userinfoEndpoint else { throw .configuration("no userinfo endpoint") }
        let client = tokenClient
        let response = try await session.perform { tokens throws(OAuthError) in
            try await client.send(.bearer(url: endpoint, accessToken: tokens.accessToken, timeout: client.configuration.timeout))
        }
        let object = try tokenClient.jsonObject(response)
        if let idToken = await session.current()?.idToken, let jws = try? CompactJWS(parsing: idToken),
            let expected = jws.claimSet["sub"]?.stringValue, !ExactMatch.equals(object["sub"]?.stringValue ?? "", expected)
        {
            throw .idToken(.subjectMismatch)
        }
        return object
    }
}
