import Foundation

/// A provider-neutral OAuth 2.0 / OpenID Connect client: the login flow as data
/// (request → user agent → redirect → state check → code exchange → ID-token validation → store),
/// plus refresh, revocation, introspection and userinfo over one ``CredentialSession``.
public final class OAuthClient: Sendable {
    /// The provider and client.
    public let configuration: ProviderConfiguration
    /// Token endpoint calls.
    public let tokenClient: TokenClient
    /// The stored session (tokens, refresh).
    public let session: CredentialSession
    /// The ID-token validator.
    public let validator: IDTokenValidator
    private let random: any RandomSource
    private let clock: any WallClock
    private let spentStates = SpentStates()

    /// Creates a client. Throws when the configuration breaks a rule (e.g. a plain-http endpoint).
    public init(
        configuration: ProviderConfiguration, store: any TokenStore, transport: any HTTPTransport = URLSessionTransport(),
        clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        refreshMargin: TimeInterval = 60, additionalTokenParameters: [(String, String)] = [], keys: KeySetCache? = nil,
        tokenObserver: (@Sendable (TokenSet?) -> Void)? = nil
    ) throws(OAuthError) {
        try configuration.validate()
        self.configuration = configuration
        self.random = random
        self.clock = clock
        tokenClient = TokenClient(configuration: configuration, transport: transport, clock: clock, additionalTokenParameters: additionalTokenParameters)
        session = CredentialSession(store: store, tokenClient: tokenClient, clock: clock, refreshMargin: refreshMargin, observer: tokenObserver)
        let keyCache = keys ?? configuration.jwksURI.map { KeySetCache(url: $0, transport: transport, clock: clock, timeout: configuration.timeout) }
        validator = IDTokenValidator(configuration: configuration, keys: keyCache, clock: clock)
    }

    /// Creates a client from the issuer's discovery document (its `issuer` must equal `issuer`).
    public static func discover(
        issuer: String, clientID: String, clientSecret: String? = nil, clientAuthentication: ClientAuthentication? = nil,
        quirks: ProviderQuirks = [], store: any TokenStore, transport: any HTTPTransport = URLSessionTransport(),
        clock: any WallClock = SystemClock()
    ) async throws(OAuthError) -> OAuthClient {
        let document = try await DiscoveryDocument.fetch(issuer: issuer, transport: transport)
        let configuration = ProviderConfiguration(document: document, clientID: clientID, clientSecret: clientSecret,
                                                  clientAuthentication: clientAuthentication, quirks: quirks)
        return try OAuthClient(configuration: configuration, store: store, transport: transport, clock: clock)
    }

    /// Builds an authorization request with fresh state, PKCE and nonce (when `openid` is asked for).
    public func makeAuthorizationRequest(redirectURI: URL, scopes: [String], nonce: String? = nil,
                                         additionalParameters: [(String, String)] = []) -> AuthorizationRequest {
        let wantsNonce = scopes.contains("openid") && configuration.usesNonce
        return AuthorizationRequest(
            endpoint: configuration.authorizationEndpoint, clientID: configuration.clientID, redirectURI: redirectURI,
            scopes: scopes, usePKCE: configuration.usesPKCE, nonce: wantsNonce ? nonce : nil, generateNonce: wantsNonce,
            additionalParameters: additionalParameters, random: random)
    }

    /// Runs a whole sign-in through a user agent and stores the tokens.
    /// - Parameter store: `false` leaves storing to the caller (after checks of its own, e.g. LINE's
    ///   profile/`sub` check), so a refused login never becomes a session.
    public func signIn(
        scopes: [String], userAgent: any UserAgent, redirectURI: URL? = nil, nonce: String? = nil,
        maxAge: TimeInterval? = nil, additionalParameters: [(String, String)] = [], store: Bool = true
    ) async throws(OAuthError) -> SignInResult {
        if let maxAge, !(maxAge.isFinite && maxAge >= 0 && maxAge < 1e12) {
            throw .configuration("max_age must be a number of seconds")
        }
        let agentSession: any UserAgentSession
        do { agentSession = try await userAgent.beginSession(redirectURI: redirectURI) } catch { throw .userAgent(error) }
        var parameters = additionalParameters
        if let maxAge { parameters.append(("max_age", String(Int(maxAge)))) }
        let request = makeAuthorizationRequest(redirectURI: agentSession.redirectURI, scopes: scopes, nonce: nonce, additionalParameters: parameters)
        let callback: URL
        do { callback = try await agentSession.present(request.url) } catch { throw .userAgent(error) }
        return try await completeSignIn(callbackURL: callback, request: request, maxAge: maxAge, store: store)
    }

    /// Handles the redirect for `request`: checks it, exchanges the code, validates the ID token and
    /// stores the tokens. The request must not be used again (its state and nonce are spent).
    public func completeSignIn(callbackURL: URL, request: AuthorizationRequest, maxAge: TimeInterval? = nil,
                               store: Bool = true) async throws(OAuthError) -> SignInResult {
        let response: AuthorizationResponse
        do { response = try AuthorizationResponse(url: callbackURL, request: request, issuer: configuration.issuer) } catch {
            throw .authorization(error)
        }
        // The state is single use: a second completion of the same request is refused before any exchange.
        guard spentStates.spend(request.state) else { throw .authorization(.stateMismatch) }
        let tokenResponse = try await tokenClient.exchange(code: response.code, redirectURI: request.redirectURI, codeVerifier: request.pkce?.verifier)
        let receivedAt = clock.now()
        var claims: IDTokenClaims?
        if let idToken = tokenResponse.idToken {
            do {
                claims = try await validator.validate(idToken, expecting: IDTokenExpectations(nonce: request.nonce, maxAge: maxAge))
            } catch { throw .idToken(error) }
        } else if request.scopes.contains("openid") {
            throw .invalidResponse(ServerError(statusCode: 200, reason: "openid was requested but the token response has no id_token"))
        }
        let tokens = tokenResponse.tokenSet(receivedAt: receivedAt)
        if store { await session.replace(with: tokens) }
        return SignInResult(tokens: tokens, idTokenClaims: claims, responseParameters: response.parameters, nonce: request.nonce)
    }

    /// Revokes the refresh token and the access token and forgets them locally. The local state is
    /// cleared even when revocation fails; the first failure is rethrown afterwards.
    public func signOut() async throws(OAuthError) {
        guard let tokens = await session.current() else { return }
        var firstError: OAuthError?
        if configuration.revocationEndpoint != nil {
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
        guard let endpoint = configuration.userinfoEndpoint else { throw .configuration("no userinfo endpoint") }
        let client = tokenClient
        let response = try await session.perform { tokens throws(OAuthError) in
            try await client.send(.bearer(url: endpoint, accessToken: tokens.accessToken, timeout: client.configuration.timeout))
        }
        let object = try tokenClient.jsonObject(response)
        if let idToken = await session.current()?.idToken, let jws = try? CompactJWS(parsing: idToken),
           let expected = jws.claims["sub"]?.stringValue, object["sub"]?.stringValue != expected {
            throw .idToken(.subjectMismatch)
        }
        return object
    }
}

extension ProviderConfiguration {
    /// A configuration from discovery metadata: algorithms are what the provider advertises intersected
    /// with ES256/RS256 (and HS256 when a secret is configured); client authentication is the given one,
    /// or the first advertised method this engine supports.
    public init(document: DiscoveryDocument, clientID: String, clientSecret: String?, clientAuthentication: ClientAuthentication? = nil,
                quirks: ProviderQuirks = []) {
        var algorithms: Set<JWSAlgorithm> = [.es256, .rs256]
        if clientSecret != nil { algorithms.insert(.hs256) }
        if let advertised = document.idTokenSigningAlgValuesSupported {
            algorithms = algorithms.intersection(advertised.compactMap(JWSAlgorithm.init(rawValue:)))
        }
        var authentication = clientAuthentication
        if authentication == nil {
            if clientSecret == nil {
                authentication = ClientAuthentication.none
            } else {
                let advertised = document.tokenEndpointAuthMethodsSupported ?? ["client_secret_basic"]
                authentication = advertised.lazy.compactMap(ClientAuthentication.init(rawValue:)).first { $0 != .none } ?? .clientSecretBasic
            }
        }
        self.init(issuer: document.issuer, authorizationEndpoint: document.authorizationEndpoint, tokenEndpoint: document.tokenEndpoint,
                  jwksURI: document.jwksURI, userinfoEndpoint: document.userinfoEndpoint, revocationEndpoint: document.revocationEndpoint,
                  introspectionEndpoint: document.introspectionEndpoint, clientID: clientID, clientSecret: clientSecret,
                  clientAuthentication: authentication, idTokenAlgorithms: algorithms, quirks: quirks)
    }
}
