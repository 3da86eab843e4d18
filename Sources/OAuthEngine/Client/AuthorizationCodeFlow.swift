public import Foundation

/// The authorization-code flow as a service that keeps no session (AppAuth's authorization service,
/// without its auth state): it builds the request, and completes the redirect in the checklist's order —
/// the redirect answers the request, `state` matches and is spent, the code is exchanged once, the ID
/// token is validated. What happens to the tokens (a ``CredentialSession``, a sealed cookie) is the caller's.
///
/// ``OAuthClient`` (apps and the CLI) and LINE's server-side web login both complete their logins here,
/// so every check is written once.
///
/// ```swift
/// let flow = try AuthorizationCodeFlow(configuration: configuration)
/// let request = flow.makeRequest(redirectURI: callback, scopes: ["openid", "profile"])
/// // … the browser comes back to `callback` …
/// let result = try await flow.complete(callbackURL: redirect, request: request)
/// ```
public struct AuthorizationCodeFlow: Sendable {
    /// The provider and client.
    public let configuration: ProviderConfiguration
    /// Token endpoint calls (exchange, refresh, revoke) for this configuration.
    package let tokenClient: TokenClient
    /// The ID-token validator for this configuration.
    package let validator: IDTokenValidator
    private let random: any RandomSource
    private let clock: any WallClock
    // The one registry of completed attempts, shared by every copy of this flow.
    private let spentStates = SpentStates()

    /// Creates a flow. Throws when the configuration breaks a rule (e.g. a plain-http endpoint).
    /// - Parameters:
    ///   - configuration: the provider's endpoints and the client.
    ///   - transport: how requests are sent.
    ///   - clock: the time ID tokens and expiries are checked against.
    ///   - random: where `state`, PKCE verifiers and nonces come from.
    ///   - keys: a JWKS cache to use instead of one for the configuration's `jwks_uri`.
    public init(
        configuration: ProviderConfiguration, transport: any HTTPTransport = URLSessionTransport(),
        clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        keys: KeySetCache? = nil
    ) throws(OAuthError) {
        try configuration.validate()
        self.configuration = configuration
        self.random = random
        self.clock = clock
        tokenClient = TokenClient(configuration: configuration, transport: transport, clock: clock)
        let keyCache =
            keys
            ?? configuration.endpoints.jwksURI.map {
                KeySetCache(url: $0, transport: transport, clock: clock, timeout: configuration.timeout)
            }
        validator = try IDTokenValidator(configuration: configuration, keys: keyCache, clock: clock)
    }

    /// Builds an authorization request with fresh `state`, PKCE (unless the provider refuses it) and a
    /// nonce when `openid` is asked for (unless the provider doesn't echo one).
    /// - Parameters:
    ///   - redirectURI: where the provider sends the user back.
    ///   - scopes: the scopes asked for.
    ///   - nonce: a nonce chosen by the app (e.g. issued by its server); `nil` generates one.
    ///   - additionalParameters: extra query fields of the authorization URL, in order.
    public func makeRequest(
        redirectURI: URL, scopes: [String], nonce: String? = nil,
        additionalParameters: [(String, String)] = []
    ) -> AuthorizationRequest {
        let wantsNonce = scopes.contains("openid") && configuration.usesNonce
        return AuthorizationRequest(
            endpoint: configuration.endpoints.authorizationEndpoint, clientID: configuration.clientID, redirectURI: redirectURI,
            scopes: scopes, usePKCE: configuration.usesPKCE, nonce: wantsNonce ? nonce : nil, generateNonce: wantsNonce,
            additionalParameters: additionalParameters, random: random)
    }

    /// The `max_age` query parameter for `seconds`; throws ``OAuthError/configuration(_:)`` unless it is a
    /// finite, non-negative number of seconds (check it where the value enters the configuration).
    public static func maxAgeParameter(_ seconds: TimeInterval) throws(OAuthError) -> (String, String) {
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { throw .configuration("max_age must be a number of seconds") }
        return ("max_age", String(Int(seconds)))
    }

    /// Completes `request` with the redirect the browser came back with: checks the redirect, spends
    /// the state (a second completion of the same attempt is refused before any exchange), exchanges the
    /// code, and validates the ID token (`nonce`, and `auth_time` against `maxAge`). Stores nothing.
    /// - Throws: ``OAuthError/authorization(_:)`` for a refused redirect; the token endpoint's errors;
    ///   ``OAuthError/idToken(_:)`` for a refused ID token, or ``IDTokenError/missing`` when `openid`
    ///   was requested and none came back.
    public func complete(
        callbackURL: URL, request: AuthorizationRequest,
        maxAge: TimeInterval? = nil
    ) async throws(OAuthError) -> SignInResult {
        let response: AuthorizationResponse
        do { response = try AuthorizationResponse(url: callbackURL, request: request, issuer: configuration.endpoints.issuer) } catch {
            throw .authorization(error)
        }
        // Spent after the state matched (a forged redirect can't burn a real attempt) and before the
        // exchange: a replayed redirect never sends its code again.
        guard spentStates.spend(request.state) else { throw .authorization(.stateMismatch) }
        let result = try await exchange(
            code: response.code, redirectURI: request.redirectURI, codeVerifier: request.pkce?.verifier, nonce: request.nonce,
            maxAge: maxAge, requiresIDToken: request.scopes.contains("openid"), additionalFields: request.exchangeParameters)
        return SignInResult(
            tokens: result.tokens, idTokenClaims: result.idTokenClaims, responseParameters: response.parameters, nonce: request.nonce)
    }

    /// Exchanges a code that another party caught: the server half of a sign-in whose app keeps no client
    /// secret. The app made the request and checked the redirect against it (``AuthorizationResponse``: the
    /// redirect answers the request, `state` matches) and hands the code to its server over its own
    /// authenticated channel; the server, holding the secret, exchanges it here and validates the ID token
    /// (its signature, issuer, audience and times, and `nonce` when the app sent one). Stores nothing.
    ///
    /// `redirectURI` must be the one the app's request carried (the token endpoint compares them); a server
    /// takes it from its own configuration, never from the app.
    /// - Parameters:
    ///   - code: the authorization code the app caught.
    ///   - redirectURI: the redirect URI of the app's request.
    ///   - codeVerifier: the app's PKCE verifier, when its request sent a challenge.
    ///   - nonce: the nonce the app's request sent, checked against the ID token's.
    ///   - maxAge: the request's `max_age`, checked against the ID token's `auth_time`.
    ///   - requiresIDToken: `true` when `openid` was asked for: a response without an ID token is then
    ///     ``IDTokenError/missing``.
    ///   - additionalFields: extra fields of the token request.
    public func exchange(
        code: String, redirectURI: URL, codeVerifier: String? = nil, nonce: String? = nil, maxAge: TimeInterval? = nil,
        requiresIDToken: Bool = true, additionalFields: [(String, String)] = []
    ) async throws(OAuthError) -> SignInResult {
        let tokenResponse = try await tokenClient.exchange(
            code: code, redirectURI: redirectURI, codeVerifier: codeVerifier, additionalFields: additionalFields)
        let receivedAt = clock.now()
        var claims: IDTokenClaims?
        if let idToken = tokenResponse.idToken {
            do {
                claims = try await validator.validate(idToken, expecting: IDTokenExpectations(nonce: nonce, maxAge: maxAge))
            } catch { throw .idToken(error) }
        } else if requiresIDToken {
            throw .idToken(.missing)
        }
        return SignInResult(
            tokens: tokenResponse.tokenSet(receivedAt: receivedAt), idTokenClaims: claims, responseParameters: [:], nonce: nonce)
    }
}
