#if Server
public import Foundation
import LineLoginPlatform
public import Logging
import OAuthEngine

/// LINE's server-side web login (authorization code with the channel secret), independent of any web
/// framework: ``start(returnTo:disableAutoLogin:)`` gives the redirect to LINE and a sealed cookie that
/// binds the attempt (state, nonce, PKCE verifier) to the browser; ``callback(url:cookieHeader:logger:)``
/// checks the state, exchanges the code, validates the HS256 ID token, reads the profile and returns
/// the user; ``logout(_:)`` revokes.
///
/// ```swift
/// let login = try WebLogin(configuration: WebLoginConfiguration(
///     channelID: "1234567890", channelSecret: secret, redirectURI: URL(string: "https://example.com/callback")!))
/// let start = try login.start()                     // 302 to start.authorizationURL, Set-Cookie: start.cookie.headerValue
/// let result = try await login.callback(url: callbackURL, cookieHeader: request.headers["Cookie"])
/// ```
public struct WebLogin: Sendable {
    /// The configuration.
    public let configuration: WebLoginConfiguration

    // The one authorization-code flow (state spent once for every copy of this value, exchange, ID token).
    private let flow: AuthorizationCodeFlow
    private let platform: LinePlatformClient
    private let metrics: WebLoginMetrics

    /// Checks the configuration and creates the login.
    /// - Throws: ``LineServerConfigurationError`` for an empty channel ID or secret, a redirect URI or
    ///   platform endpoint that is plain http off loopback, or scopes without `profile` or `openid`.
    public init(configuration: WebLoginConfiguration) throws(LineServerConfigurationError) {
        guard !configuration.channelID.isEmpty else { throw LineServerConfigurationError("the channel ID is empty") }
        guard !configuration.channelSecret.isEmpty else { throw LineServerConfigurationError("web login needs the channel secret") }
        do { try EndpointPolicy.check(configuration.redirectURI, name: "redirect_uri") } catch {
            throw LineServerConfigurationError(error.description)
        }
        guard configuration.redirectURI.fragment == nil else {
            throw LineServerConfigurationError("the redirect URI must not have a fragment")
        }
        guard configuration.scopes.contains("profile") || configuration.scopes.contains("openid") else {
            throw LineServerConfigurationError("scopes must include profile or openid")
        }
        for name in [configuration.attemptCookieName, configuration.sessionCookieName] where !Self.isCookieName(name) {
            throw LineServerConfigurationError("invalid cookie name \(name)")
        }
        if let maxAge = configuration.maxAge {
            do { _ = try AuthorizationCodeFlow.maxAgeParameter(maxAge) } catch {
                throw LineServerConfigurationError("max_age must be a number of seconds")
            }
        }
        var provider = configuration.platform.configuration(
            channelID: configuration.channelID, channelSecret: configuration.channelSecret,
            leeway: configuration.leeway, timeout: configuration.timeout)
        // Web login gets HS256 ID tokens keyed with the channel secret (LINE signs a web channel's ID token so,
        // although its discovery document advertises only ES256): without LINE's JWK request the token comes
        // back HS256, the only algorithm this flow accepts, so no JWKS is fetched.
        provider.quirks.remove(.requestsJWKSignedIDToken)
        provider.idTokenAlgorithms = [.hs256]
        provider.endpoints.jwksURI = nil
        let transport = configuration.platform.instrumenting(configuration.transport, configuration.observability)
        do {
            flow = try AuthorizationCodeFlow(
                configuration: provider, transport: transport, clock: configuration.clock, random: configuration.random)
        } catch { throw LineServerConfigurationError("platform: \(error)") }
        self.configuration = configuration
        platform = LinePlatformClient(platform: configuration.platform, transport: transport, timeout: configuration.timeout)
        metrics = WebLoginMetrics(configuration.observability)
    }

    // MARK: Start

    /// Starts an attempt for an app that keeps it in its own server session: keep `pending` there and
    /// redirect to `authorizationURL`; pass `pending` back to ``callback(url:pending:logger:)``.
    /// - Parameters:
    ///   - returnTo: a local path (`/…`) to come back to; anything else is dropped (no open redirect).
    ///   - disableAutoLogin: send `disable_auto_login=true` (the one retry after LINE's auto-login failure).
    public func begin(returnTo: String? = nil, disableAutoLogin: Bool = false) -> (pending: PendingLogin, authorizationURL: URL) {
        var extras: [(String, String)] = []
        if let botPrompt = configuration.botPrompt { extras.append(("bot_prompt", botPrompt)) }
        if let prompt = configuration.prompt { extras.append(("prompt", prompt)) }
        // Checked in init, so this can't fail.
        if let maxAge = configuration.maxAge, let parameter = try? AuthorizationCodeFlow.maxAgeParameter(maxAge) {
            extras.append(parameter)
        }
        if let uiLocales = configuration.uiLocales { extras.append(("ui_locales", uiLocales)) }
        if disableAutoLogin { extras.append(("disable_auto_login", "true")) }
        let request = flow.makeRequest(redirectURI: configuration.redirectURI, scopes: configuration.scopes, additionalParameters: extras)
        let pending = PendingLogin(
            state: request.state, nonce: request.nonce, codeVerifier: request.pkce?.verifier, scopes: configuration.scopes,
            maxAge: configuration.maxAge, returnTo: Self.localPath(returnTo),
            expiresAt: configuration.clock.now().addingTimeInterval(configuration.attemptLifetime))
        return (pending, request.url)
    }

    /// Starts an attempt bound to the browser by a sealed cookie: answer `302 Found` to
    /// ``WebLoginStart/authorizationURL`` with `Set-Cookie: ` ``WebLoginStart/cookie``.
    /// - Parameters:
    ///   - returnTo: a local path (`/…`) to come back to; anything else is dropped (no open redirect).
    ///   - disableAutoLogin: send `disable_auto_login=true` (the one retry after LINE's auto-login failure).
    public func start(returnTo: String? = nil, disableAutoLogin: Bool = false) throws(WebLoginError) -> WebLoginStart {
        let (pending, url) = begin(returnTo: returnTo, disableAutoLogin: disableAutoLogin)
        let value: String
        do { value = try configuration.sealer.seal(pending, purpose: attemptPurpose, expiresAt: pending.expiresAt) } catch {
            throw .sealing
        }
        return WebLoginStart(authorizationURL: url, cookie: attemptCookie(value: value, maxAge: Int(configuration.attemptLifetime)))
    }

    /// Deletes the attempt cookie; send it with the callback's answer, success or not.
    public var attemptCookieDeletion: ResponseCookie { attemptCookie(value: "", maxAge: 0) }

    // MARK: Callback

    /// Completes the attempt sealed in the browser's cookie.
    /// - Parameters:
    ///   - url: the callback URL as requested (LINE's `code`, `state`, or `error` in the query).
    ///   - cookieHeader: the request's `Cookie` header.
    ///   - logger: the request's logger, so the records carry its metadata (default: the configuration's).
    public func callback(url: URL, cookieHeader: String?, logger: Logger? = nil) async throws(WebLoginError) -> WebLoginResult {
        try await metrics.observe(logger: logger, channel: configuration.channelID) { () async throws(WebLoginError) in
            try await complete(url: url, pending: try pending(cookieHeader))
        }
    }

    /// The attempt the browser's sealed cookie holds.
    private func pending(_ cookieHeader: String?) throws(WebLoginError) -> PendingLogin {
        guard let sealed = ResponseCookie.value(named: configuration.attemptCookieName, inCookieHeader: cookieHeader),
            let pending = try? configuration.sealer.open(
                sealed, as: PendingLogin.self, purpose: attemptPurpose,
                now: configuration.clock.now())
        else {
            throw .noPendingLogin
        }
        return pending
    }

    /// Completes an attempt the app kept itself (remove it from the session before calling: single use).
    /// In order: the redirect (path, then `state` in constant time, then LINE's `error`, then `code`), the
    /// code exchange with the secret and PKCE verifier, the HS256 ID token (nonce, `auth_time`), the
    /// profile, and `sub` equal to the profile's user ID.
    /// - Parameters:
    ///   - url: the callback URL as requested.
    ///   - pending: the attempt ``begin(returnTo:disableAutoLogin:)`` gave.
    ///   - logger: the request's logger, so the records carry its metadata (default: the configuration's).
    public func callback(url: URL, pending: PendingLogin, logger: Logger? = nil) async throws(WebLoginError) -> WebLoginResult {
        try await metrics.observe(logger: logger, channel: configuration.channelID) { () async throws(WebLoginError) in
            try await complete(url: url, pending: pending)
        }
    }

    private func complete(url: URL, pending: PendingLogin) async throws(WebLoginError) -> WebLoginResult {
        guard configuration.clock.now() < pending.expiresAt else { throw .noPendingLogin }
        let request = AuthorizationRequest(
            restoringEndpoint: configuration.platform.authorizeURL, clientID: configuration.channelID,
            redirectURI: configuration.redirectURI, scopes: pending.scopes, state: pending.state, nonce: pending.nonce,
            codeVerifier: pending.codeVerifier)
        let result: SignInResult
        do { result = try await flow.complete(callbackURL: url, request: request, maxAge: pending.maxAge) } catch {
            switch error {
            case .authorization(let refusal): throw .authorization(refusal)
            case .idToken(.missing): throw .missingIDToken
            case .idToken(let refusal): throw .idToken(refusal)
            default: throw .tokenExchange(error)
            }
        }
        let profile: UserProfile?
        do { profile = try await LineLoginCheck.profile(after: result, requestedScopes: pending.scopes, platform: platform) } catch {
            if case .idToken(let refusal) = error { throw .idToken(refusal) }
            throw .profile(error)
        }
        let claims = result.idTokenClaims
        guard let userID = claims?.subject ?? profile?.userID else { throw .missingIDToken }
        let user = LineUser(
            userID: userID, channelID: configuration.channelID,
            displayName: profile?.displayName ?? claims?.name,
            pictureURL: profile?.pictureURL ?? claims?.picture,
            statusMessage: profile?.statusMessage, email: claims?.email, method: .webLogin)
        return WebLoginResult(
            user: user, tokens: result.tokens, idToken: claims, profile: profile, returnTo: pending.returnTo,
            friendshipStatusChanged: result.responseParameters["friendship_status_changed"].map { $0 == "true" })
    }

    // MARK: Session

    /// A sealed, HttpOnly session cookie for `session`, living until the access token expires or
    /// ``WebLoginConfiguration/sessionLifetime`` passes, whichever is first; the session becomes live in
    /// ``WebLoginConfiguration/sessions``.
    public func sessionCookie(for session: WebSession) async throws(WebLoginError) -> ResponseCookie {
        let now = configuration.clock.now()
        let expiresAt = min(session.accessTokenExpiresAt, now.addingTimeInterval(configuration.sessionLifetime))
        do { try await configuration.sessions.begin(session.id, expiresAt: expiresAt) } catch {
            throw .sessionStoreUnavailable
        }
        let value: String
        do { value = try configuration.sealer.seal(session, purpose: sessionPurpose, expiresAt: expiresAt) } catch {
            throw .sealing
        }
        return ResponseCookie(
            name: configuration.sessionCookieName, value: value,
            maxAge: max(0, Int(expiresAt.timeIntervalSince(now))), path: "/", secure: configuration.secureCookies)
    }

    /// The session sealed in the request's `Cookie` header, if present, intact, unexpired and still live
    /// in ``WebLoginConfiguration/sessions`` (not logged out). A store that can't answer refuses it.
    public func session(cookieHeader: String?) async -> WebSession? {
        guard let session = sealedSession(cookieHeader: cookieHeader),
            (try? await configuration.sessions.isActive(session.id)) == true
        else { return nil }
        return session
    }

    /// The session sealed in the request's `Cookie` header, if present, intact and unexpired, without
    /// asking ``WebLoginConfiguration/sessions`` whether it is still live: what logout ends, since a store
    /// that can't answer must not turn a logout into a silent no-op. Never use it to let a request in
    /// (``session(cookieHeader:)`` does that).
    public func sealedSession(cookieHeader: String?) -> WebSession? {
        guard let sealed = ResponseCookie.value(named: configuration.sessionCookieName, inCookieHeader: cookieHeader) else {
            return nil
        }
        return try? configuration.sealer.open(sealed, as: WebSession.self, purpose: sessionPurpose, now: configuration.clock.now())
    }

    /// Deletes the session cookie.
    public var sessionCookieDeletion: ResponseCookie {
        ResponseCookie(name: configuration.sessionCookieName, value: "", maxAge: 0, path: "/", secure: configuration.secureCookies)
    }

    // MARK: Logout

    /// Ends `session` in ``WebLoginConfiguration/sessions`` (every copy of its cookie is refused from then
    /// on) and revokes its tokens at LINE: the refresh token (if any) and the access token. LINE has no
    /// logout (end-session) endpoint, so logging out is revoking and forgetting: also delete the session
    /// cookie. Ending is idempotent, and a 400 from LINE ("already invalid") counts as revoked, so a logout
    /// that failed can simply be tried again.
    /// - Throws: ``WebLoginError/sessionStoreUnavailable`` when the store could not end the session (the
    ///   tokens are revoked anyway: the session is still live here, so the logout must be tried again);
    ///   ``WebLoginError/revoke(_:)`` when only LINE failed (the session is ended; the token expires on its own).
    public func logout(_ session: WebSession) async throws(WebLoginError) {
        var ended = true
        do { try await configuration.sessions.end(session.id) } catch { ended = false }
        // Revoked whatever the store said: a copied cookie is worth less with dead tokens.
        if let refreshToken = session.refreshToken {
            try? await tokenClient.revoke(refreshToken, kind: .refreshToken)
        }
        var revoked: WebLoginError?
        do { try await revoke(accessToken: session.accessToken) } catch { revoked = error }
        guard ended else { throw .sessionStoreUnavailable }
        if let revoked { throw revoked }
    }

    /// Revokes one access token (with the channel secret, as web-only channels require).
    public func revoke(accessToken: String) async throws(WebLoginError) {
        do { try await tokenClient.revoke(accessToken, kind: .accessToken) } catch { throw .revoke(error) }
    }

    // MARK: Helpers

    private var tokenClient: TokenClient { flow.tokenClient }

    private var attemptPurpose: String { "line-login-attempt:\(configuration.channelID)" }
    private var sessionPurpose: String { "line-session:\(configuration.channelID)" }

    private func attemptCookie(value: String, maxAge: Int) -> ResponseCookie {
        // Scoped to the callback path: the attempt is sent only where it is needed.
        let path = configuration.redirectURI.path.isEmpty ? "/" : configuration.redirectURI.path
        return ResponseCookie(
            name: configuration.attemptCookieName, value: value, maxAge: maxAge, path: path,
            secure: configuration.secureCookies)
    }

    /// `path` if it is a local absolute path (`/x`, not `//host` or `/\host`), else `nil`.
    static func localPath(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\"), path.utf8.count <= 512,
            path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        return path
    }

    private static func isCookieName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                ($0.value > 0x20 && $0.value < 0x7F) && !"()<>@,;:\\\"/[]?={}".unicodeScalars.contains($0)
            }
    }
}
#endif
