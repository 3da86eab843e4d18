public import Foundation
public import OAuthEngine
public import LineLoginPlatform
import LineLoginPrimitives

/// LINE's app-to-app login as a user agent, routed as LINE's SDK routes it: the LINE app by its
/// universal link; when no app takes that and the LINE app is installed, by `lineauth2://`; otherwise,
/// or with `onlyWebLogin`, the web login of `webLogin`. The LINE app answers at
/// `line3rdp.<bundle ID>://authorize/` (or the app's universal link), which the app hands to
/// `LoginManager.application(_:open:options:)`; `webLogin` answers directly.
///
/// Every decision is here, in cross-platform code; the iOS adapter only supplies a ``LineAppOpener``
/// over `UIApplication` and the `ASWebAuthenticationSession` web agent.
public final class LineAppUserAgent: UserAgent, CallbackReceiving, Sendable {
    /// The app's `line3rdp.<bundle ID>://authorize/` callback, the redirect URI of every route.
    public let callbackURL: URL
    private let universalLinkURL: URL?
    private let appLoginURL: URL
    private let channelID: String
    private let language: String?
    private let onlyWebLogin: Bool
    private let opener: any LineAppOpener
    private let webLogin: any UserAgent
    private let onRoute: @Sendable (LoginProcess.LoginRoute) -> Void
    private let waiterBox = LockedValue<CallbackURLUserAgent?>(nil)

    /// - Parameters:
    ///   - callbackURL: `line3rdp.<bundle ID>://authorize/`.
    ///   - universalLinkURL: the app's universal link, sent as `optional_redirect_uri` and accepted as a callback.
    ///   - appLoginURL: the universal link the LINE app claims (`LinePlatform.lineAppLoginURL`).
    ///   - channelID: the channel the login is for.
    ///   - language: `ui_locales` for the LINE app's pages.
    ///   - onlyWebLogin: skip the LINE app.
    ///   - opener: opens URLs in other apps.
    ///   - webLogin: the web login when the LINE app can't be used.
    ///   - onRoute: told which route the login took, when it takes it.
    public init(
        callbackURL: URL, universalLinkURL: URL?, appLoginURL: URL, channelID: String, language: String?,
        onlyWebLogin: Bool, opener: any LineAppOpener, webLogin: any UserAgent,
        onRoute: @escaping @Sendable (LoginProcess.LoginRoute) -> Void = { _ in }
    ) {
        self.callbackURL = callbackURL
        self.universalLinkURL = universalLinkURL
        self.appLoginURL = appLoginURL
        self.channelID = channelID
        self.language = language
        self.onlyWebLogin = onlyWebLogin
        self.opener = opener
        self.webLogin = webLogin
        self.onRoute = onRoute
    }

    /// Starts an attempt: the redirect URI is always the app's custom-scheme callback.
    public func beginSession(redirectURI: URL?) async throws -> any UserAgentSession {
        let box = waiterBox
        let fallback = WebFallback()
        // Weak: the box holds the waiter, which holds this closure; a strong box would keep both alive for
        // ever (found by LeakSanitizer).
        let waiter = CallbackURLUserAgent(redirectURI: callbackURL, alternates: universalLinkURL.map { [$0] } ?? []) {
            [weak self, weak box] url in
            // Read into constants first: SDKs before Swift 6 take `Task`'s closure as `@Sendable`, which may not
            // capture the weak (mutable) references themselves.
            let (agent, waiter) = (self, box?.current)
            Task { await agent?.route(url, waiter: waiter, fallback: fallback) }
        }
        box.withLock { $0 = waiter }
        return Session(inner: try await waiter.beginSession(redirectURI: callbackURL), fallback: fallback)
    }

    /// The latest attempt's waiter (tests check it is freed with the agent).
    var currentWaiter: CallbackURLUserAgent? { waiterBox.current }

    /// Hands a callback (from `application(_:open:options:)`) to the waiting attempt.
    @discardableResult
    public func deliver(_ url: URL) -> Bool {
        waiterBox.current?.deliver(url) ?? false
    }

    /// The route for `authorizationURL`: the LINE app by universal link, then by scheme, then the web.
    private func route(_ authorizationURL: URL, waiter: CallbackURLUserAgent?, fallback: WebFallback) async {
        guard let waiter else { return }
        if !onlyWebLogin, let loginURL = lineAppLoginURL(for: authorizationURL) {
            if await opener.openUniversalLink(loginURL) {
                onRoute(.appUniversalLink)
                return
            }
            if await opener.canOpen(LineAppLoginURL.authSchemeBase), let schemeURL = LineAppLoginURL.authScheme(loginURL: loginURL),
                await opener.open(schemeURL)
            {
                onRoute(.appAuthScheme)
                return
            }
        }
        onRoute(.webLogin)
        do {
            let session = try await webLogin.beginSession(redirectURI: callbackURL)
            // The attempt may have ended (stopped, cancelled, timed out) while the web login was starting.
            guard fallback.show(session) else { return }
            let callback = try await session.present(authorizationURL)
            if !waiter.deliver(callback) { waiter.fail(.invalidRedirectURI("the web login came back to another URL")) }
        } catch {
            waiter.fail(UserAgentError(error))
        }
    }

    /// The universal link carrying `authorizationURL`'s request, as LINE's SDK builds it.
    func lineAppLoginURL(for authorizationURL: URL) -> URL? {
        guard let returnURI = LineAppLoginURL.returnURI(authorizationURL: authorizationURL, universalLinkURL: universalLinkURL) else {
            return nil
        }
        return LineAppLoginURL.universalLink(base: appLoginURL, returnURI: returnURI, channelID: channelID, language: language)
    }

    /// The attempt's session: ending it, however it ends, also closes the web login it fell back to, so a
    /// stopped login leaves no browser sheet on screen.
    private struct Session: UserAgentSession {
        let inner: any UserAgentSession
        let fallback: WebFallback
        var redirectURI: URL { inner.redirectURI }

        func present(_ authorizationURL: URL) async throws -> URL {
            defer { fallback.end() }
            return try await inner.present(authorizationURL)
        }

        func cancel() {
            fallback.end()
            inner.cancel()
        }
    }

    /// The web login an attempt fell back to, if any, and whether the attempt has ended.
    private final class WebFallback: Sendable {
        private let state = LockedValue<(session: (any UserAgentSession)?, ended: Bool)>((nil, false))

        /// Records `session` as shown; `false` (and `session` cancelled) when the attempt already ended.
        func show(_ session: any UserAgentSession) -> Bool {
            let ended = state.withLock { state -> Bool in
                if !state.ended { state.session = session }
                return state.ended
            }
            if ended { session.cancel() }
            return !ended
        }

        /// Ends the attempt, closing its web login.
        func end() {
            let session = state.withLock { state -> (any UserAgentSession)? in
                state.ended = true
                defer { state.session = nil }
                return state.session
            }
            session?.cancel()
        }
    }
}
