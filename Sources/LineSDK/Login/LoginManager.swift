public import Foundation
public import OAuthEngine
public import LineLoginPlatform
import LineLoginPrimitives

/// Logs users in with LINE and keeps their session, with the API of LINE's SDK.
///
/// `LoginManager.shared` is LINE's single-channel entry point; it is a thin layer over an ordinary
/// instance, and an app that works with several channels creates one `LoginManager` per channel.
public final class LoginManager: Sendable {
    /// The manager behind LINE's static API (`API`, `AccessTokenStore.shared`).
    public static let shared = LoginManager()

    struct Core: Sendable {
        let configuration: LoginConfiguration
        let client: OAuthClient
        let api: LineAPIClient
        /// The one way LINE's API writes to `client`'s session (assignments to the mirror, logins).
        let writer: SessionWriter
    }

    /// The agent of the login that is running, with its process: a callback reaches that login only.
    struct CallbackAgent: Sendable {
        let process: LoginProcess
        let agent: any CallbackReceiving
    }

    /// Everything about the manager that changes, under one lock, so that what belongs together (the
    /// running login and its callback agent) is read and changed together.
    struct State: Sendable {
        var core: Core?
        var running: LoginProcess?
        var callbackAgent: CallbackAgent?
        var storeError: TokenStoreError?
        var legacyLanguage: WebPageLanguage?
    }

    private let state = LockedValue(State())

    /// This manager's token mirror (`AccessTokenStore.shared` for ``shared``).
    public let accessTokenStore: AccessTokenStore

    /// Creates an independent manager (one per channel); call a `setup` method before use.
    public init() {
        accessTokenStore = AccessTokenStore()
    }

    /// Creates an independent manager already set up with `configuration`.
    public convenience init(configuration: LoginConfiguration) throws(LineSDKError) {
        self.init()
        try setup(configuration: configuration)
    }

    /// Sets the manager up for a channel on LINE's production platform, as in LINE's docs.
    /// Call it once, early (e.g. in `application(_:didFinishLaunchingWithOptions:)`).
    public func setup(channelID: String, universalLinkURL: URL?) {
        // The production platform is https, so this configuration can't be refused.
        try? setup(configuration: LoginConfiguration(channelID: channelID, universalLinkURL: universalLinkURL))
    }

    /// Sets the manager up with a full configuration (another platform such as the emulator, a
    /// channel secret, custom seams). Replaces an earlier setup.
    public func setup(configuration: LoginConfiguration) throws(LineSDKError) {
        let store = configuration.resolvedTokenStore
        let mirror = accessTokenStore
        let writer = SessionWriter()
        let providerConfiguration = configuration.platform.configuration(
            channelID: configuration.channelID, channelSecret: configuration.channelSecret,
            leeway: configuration.leeway, timeout: configuration.timeout)
        let client: OAuthClient
        do {
            client = try OAuthClient(
                configuration: providerConfiguration, store: store, transport: configuration.transport, clock: configuration.clock,
                random: configuration.random, refreshMargin: configuration.refreshMargin,
                // As LINE's SDK: the ID token's keys are those LINE's discovery document names (read from the
                // platform's discovery URL), and its issuer must equal the platform's.
                keys: KeySetCache(
                    discoveringFrom: configuration.platform.issuer, at: configuration.platform.discoveryURL,
                    transport: configuration.transport,
                    clock: configuration.clock, timeout: configuration.timeout),
                // Weak: the mirror holds the writer, whose task holds the session; strong references back
                // would keep them all alive for ever.
                tokenObserver: { [weak mirror, weak writer] tokens in
                    guard let writer else { return }
                    mirror?.sessionChanged(to: tokens.map(AccessToken.init(tokens:)), from: writer)
                })
        } catch { throw LineSDKError(error) }
        // LINE's `isAuthorized` is synchronous: read the store now when it can be read without waiting.
        var shown: AccessToken?
        var storeFailure: TokenStoreError?
        var readLater = false
        if let synchronous = store as? any SynchronousTokenLoading {
            // A corrupt store counts as logged out, and is reported through `tokenStoreError`.
            do { shown = try synchronous.loadNow().map(AccessToken.init(tokens:)) } catch {
                storeFailure = TokenStoreError(error)
                readLater = storeFailure?.isTransient == true
            }
        } else {
            readLater = true
        }
        mirror.install(writer, showing: shown)
        writer.start(writingTo: client.session) { [weak mirror] stamp in mirror?.applied(stamp) }
        // An asynchronous store, or one that can't be read yet (a locked Keychain): the session reports its
        // first read to the mirror (unless a login or an assignment got there first).
        if readLater { Task { _ = await client.currentTokens() } }
        let platform = LinePlatformClient(
            platform: configuration.platform, transport: configuration.transport, timeout: configuration.timeout)
        let api = LineAPIClient(client: client, platform: platform)
        state.withLock { state in
            state.core = Core(configuration: configuration, client: client, api: api, writer: writer)
            state.storeError = storeFailure
        }
    }

    /// The error the token store reported when the session was read at `setup` (e.g. a corrupt file,
    /// which counts as logged out), or `nil`.
    public var tokenStoreError: TokenStoreError? { state.withLock { $0.storeError } }

    /// Whether a `setup` method has been called.
    public var isSetupFinished: Bool { state.withLock { $0.core != nil } }

    /// Whether an access token is stored.
    public var isAuthorized: Bool { accessTokenStore.current != nil }

    /// The login that is running, `nil` when none is.
    public var currentProcess: LoginProcess? { state.withLock { $0.running } }

    /// Whether a login is running.
    public var isAuthorizing: Bool { state.withLock { $0.running != nil } }

    /// The configuration given to `setup`, if any.
    public var configuration: LoginConfiguration? { state.withLock { $0.core?.configuration } }

    /// The ``Session`` that sends ``Request``s with this manager's token (`Session.shared` is ``shared``'s).
    public var session: Session { Session(manager: self) }

    /// The API client bound to this manager's channel and token (`API` uses ``shared``'s).
    public var api: LineAPIClient {
        get throws(LineSDKError) { try requireCore().api }
    }

    func requireCore() throws(LineSDKError) -> Core {
        guard let core = state.withLock({ $0.core }) else { throw Self.setupNotFinished }
        return core
    }

    // MARK: Login

    /// Logs in: shows LINE's login page in the user agent, checks the redirect, exchanges the code,
    /// validates the ID token, reads the profile (with `.profile`), and stores the token.
    /// - Parameters:
    ///   - permissions: scopes; must contain `.profile` or `.openID`.
    ///   - context: where to show the page; `nil` = the platform default user agent.
    ///   - parameters: LINE's login options.
    /// - Throws: while another login runs, `generalError(.parameterError)` naming
    ///   `allowRecreatingLoginProcess` unless the parameters allow replacing it (the completion form
    ///   ignores such a call instead, as LINE's SDK does).
    public func login(
        permissions: Set<LoginPermission> = [.profile], in context: (any LoginPresentationContext)? = nil,
        parameters: Parameters = Parameters()
    ) async throws(LineSDKError) -> LoginResult {
        let core = try requireCore()
        try Self.check(permissions)
        guard let process = beginProcess(parameters) else {
            throw .generalError(
                reason: .parameterError(
                    parameterName: "allowRecreatingLoginProcess",
                    description: "another login is running; wait for it, stop it, or set allowRecreatingLoginProcess to replace it"))
        }
        return try await run(process, core: core, permissions: permissions, context: context, parameters: parameters)
    }

    /// The completion-handler form of ``login(permissions:in:parameters:)``, as LINE's SDK has it: returns the
    /// process, which can stop the login, or `nil` when another login runs and `parameters` don't allow
    /// replacing it (the call is then ignored and `completionHandler` is never called).
    @discardableResult
    public func login(
        permissions: Set<LoginPermission> = [.profile], in context: (any LoginPresentationContext)? = nil,
        parameters: Parameters = Parameters(), callbackQueue: CallbackQueue = .default,
        completionHandler: @escaping @Sendable (Result<LoginResult, LineSDKError>) -> Void
    ) -> LoginProcess? {
        let core: Core
        do throws(LineSDKError) {
            core = try requireCore()
            try Self.check(permissions)
        } catch {
            callbackQueue.execute { completionHandler(.failure(error)) }
            return nil
        }
        guard let process = beginProcess(parameters) else { return nil }
        let task = Task {
            let result: Result<LoginResult, LineSDKError>
            do throws(LineSDKError) {
                result = .success(
                    try await self.run(process, core: core, permissions: permissions, context: context, parameters: parameters))
            } catch {
                result = .failure(error)
            }
            callbackQueue.execute { completionHandler(result) }
        }
        process.attach(task)
        return process
    }

    /// LINE's login @available shape with the older options.
    @available(*, deprecated, message: "Use `login(permissions:in:parameters:completionHandler:)` with `LoginManager.Parameters` instead.")
    @discardableResult
    public func login(
        permissions: Set<LoginPermission> = [.profile], in context: (any LoginPresentationContext)? = nil,
        options: LoginManagerOptions, callbackQueue: CallbackQueue = .default,
        completionHandler: @escaping @Sendable (Result<LoginResult, LineSDKError>) -> Void
    ) -> LoginProcess? {
        let parameters = Parameters(options: options, language: preferredWebPageLanguage)
        return login(
            permissions: permissions, in: context, parameters: parameters, callbackQueue: callbackQueue,
            completionHandler: completionHandler)
    }

    /// LINE's older place for the web page language, used by the deprecated `login(…options:…)`.
    @available(*, deprecated, message: "Use `LoginManager.Parameters.preferredWebPageLanguage` instead.")
    public var preferredWebPageLanguage: WebPageLanguage? {
        get { state.withLock { $0.legacyLanguage } }
        set { state.withLock { $0.legacyLanguage = newValue } }
    }

    static let setupNotFinished = LineSDKError.generalError(
        reason: .parameterError(
            parameterName: "LoginManager", description: "call setup(channelID:universalLinkURL:) before anything else"))

    private static func check(_ permissions: Set<LoginPermission>) throws(LineSDKError) {
        guard permissions.contains(.profile) || permissions.contains(.openID) else {
            throw .generalError(reason: .parameterError(parameterName: "permissions", description: "LINE needs .profile or .openID"))
        }
        if permissions.contains(.email) && !permissions.contains(.openID) {
            throw .generalError(reason: .parameterError(parameterName: "permissions", description: ".email needs .openID"))
        }
    }

    /// Installs a new process, or `nil` when one runs and may not be replaced; a replaced one is stopped.
    private func beginProcess(_ parameters: Parameters) -> LoginProcess? {
        let (started, replaced) = state.withLock { state -> (LoginProcess?, LoginProcess?) in
            if state.running != nil && !parameters.allowRecreatingLoginProcess { return (nil, nil) }
            let process = LoginProcess()
            defer {
                state.running = process
                // The replaced login's agent takes no more callbacks.
                state.callbackAgent = nil
            }
            return (process, state.running)
        }
        replaced?.discard()
        return started
    }

    private func run(
        _ process: LoginProcess, core: Core, permissions: Set<LoginPermission>, context: (any LoginPresentationContext)?,
        parameters: Parameters
    ) async throws(LineSDKError) -> LoginResult {
        defer {
            state.withLock { state in
                if state.running === process { state.running = nil }
                if state.callbackAgent?.process === process { state.callbackAgent = nil }
            }
        }
        do throws(LineSDKError) {
            return try await authorize(process, core: core, permissions: permissions, context: context, parameters: parameters)
        } catch {
            if process.wasDiscarded { throw .generalError(reason: .processDiscarded(process)) }
            throw error
        }
    }

    private func authorize(
        _ process: LoginProcess, core: Core, permissions: Set<LoginPermission>,
        context: (any LoginPresentationContext)?, parameters: Parameters
    ) async throws(LineSDKError) -> LoginResult {
        let agent = userAgent(for: context, core: core, parameters: parameters, process: process)
        let scopes = LoginManager.orderedScopes(permissions)
        // LINE's SDK names the app's universal link as a second redirect URI, in the request and the exchange.
        var exchange: [(String, String)] = []
        if agent is LineAppUserAgent, let universal = core.configuration.universalLinkURL {
            exchange.append(("optional_redirect_uri", universal.absoluteString))
        }
        let result: SignInResult
        do {
            result = try await core.client.signIn(
                scopes: scopes, userAgent: ProcessTrackingAgent(base: agent, process: process),
                redirectURI: context == nil ? core.configuration.redirectURI : nil,
                nonce: parameters.IDTokenNonce, maxAge: parameters.maxAge, additionalParameters: parameters.queryItems + exchange,
                exchangeParameters: exchange, store: false)
        } catch {
            if Task.isCancelled { throw .authorizeFailed(reason: .forceStopped) }
            throw LineSDKError(error, url: core.configuration.platform.tokenURL)
        }
        // The tokens become the session only after every check of the login passed.
        let profile: UserProfile?
        do { profile = try await LineLoginCheck.profile(after: result, requestedScopes: scopes, platform: core.api.platform) } catch {
            throw LineSDKError(error, url: core.configuration.platform.profileURL, parsing: UserProfile.self)
        }
        // Through the writer, in order with the assignments to the mirror made before it.
        await core.writer.replace(with: result.tokens)
        let accessToken = AccessToken(tokens: result.tokens)
        return LoginResult(
            accessToken: accessToken, permissions: Set(accessToken.permissions), userProfile: profile,
            friendshipStatusChanged: result.responseParameters["friendship_status_changed"].map { $0 == "true" },
            IDTokenNonce: result.nonce)
    }

    /// The user agent of one login: the context's own; else the LINE-app route when a ``LineAppOpener`` is
    /// configured, with the web agent as its fallback; else the web agent: the configuration's, or the
    /// platform's (``DefaultWebAgent``).
    private func userAgent(
        for context: (any LoginPresentationContext)?, core: Core, parameters: Parameters,
        process: LoginProcess
    ) -> any UserAgent {
        let configuration = core.configuration
        let web =
            (context as? UserAgentContext)?.userAgent ?? configuration.userAgent ?? platformUserAgent(for: context, core: core)
        var agent = web
        if !(context is UserAgentContext), let opener = configuration.lineAppOpener, let callback = configuration.customSchemeCallbackURL {
            agent = LineAppUserAgent(
                callbackURL: callback, universalLinkURL: configuration.universalLinkURL,
                appLoginURL: configuration.platform.lineAppLoginURL, channelID: configuration.channelID,
                language: parameters.preferredWebPageLanguage?.rawValue, onlyWebLogin: parameters.onlyWebLogin,
                opener: opener, webLogin: web, onRoute: { process.report($0) })
        }
        // `application(_:open:)` hands callbacks to the agent of the login that is running, and to no other.
        if let receiving = agent as? any CallbackReceiving {
            state.withLock { state in
                if state.running === process { state.callbackAgent = CallbackAgent(process: process, agent: receiving) }
            }
        }
        return agent
    }

    /// Scopes in LINE's documented order, then any others alphabetically (a `Set` has no order).
    static func orderedScopes(_ permissions: Set<LoginPermission>) -> [String] {
        let known: [LoginPermission] = [.profile, .openID, .email]
        let first = known.filter(permissions.contains).map(\.rawValue)
        let rest = permissions.subtracting(known).map(\.rawValue).sorted()
        return first + rest
    }

    // MARK: Callback entry

    /// LINE's callback entry: pass every URL the app is opened with. Returns `true` when the URL is a LINE
    /// login callback (a universal link under the configured URL or `line3rdp.<bundle id>://authorize/`)
    /// that a waiting login took.
    @discardableResult
    public func application(_ application: Any? = nil, open url: URL?, options: [AnyHashable: Any] = [:]) -> Bool {
        guard let url else { return false }
        return handleCallbackURL(url)
    }

    /// LINE's non-isolated form of ``application(_:open:options:)`` (for delegates not on the main actor,
    /// such as Flutter's); the same here, since that one is already nonisolated.
    @discardableResult
    public func nonisolatedApplication(_ application: Any? = nil, open url: URL?, options: [AnyHashable: Any] = [:]) -> Bool {
        self.application(application, open: url, options: options)
    }

    /// The cross-platform callback entry: hands `url` to the waiting login if it is a LINE login callback.
    @discardableResult
    public func handleCallbackURL(_ url: URL) -> Bool {
        let (core, registered) = state.withLock { state in
            (state.core, state.callbackAgent.flatMap { $0.process === state.running ? $0 : nil })
        }
        guard let core, isLoginCallback(url, configuration: core.configuration), let registered else { return false }
        return registered.agent.deliver(url)
    }

    /// Whether `url` has the shape of a login callback for this channel.
    public func isLoginCallback(_ url: URL) -> Bool {
        guard let configuration = state.withLock({ $0.core?.configuration }) else { return false }
        return isLoginCallback(url, configuration: configuration)
    }

    private func isLoginCallback(_ url: URL, configuration: LoginConfiguration) -> Bool {
        if let custom = configuration.customSchemeCallbackURL, AuthorizationResponse.matches(url, redirectURI: custom) { return true }
        if let universal = configuration.universalLinkURL, AuthorizationResponse.matches(url, redirectURI: universal) { return true }
        if let redirect = configuration.redirectURI, AuthorizationResponse.matches(url, redirectURI: redirect) { return true }
        return false
    }

    // MARK: Logout

    /// Revokes the refresh and access tokens and forgets them. A 400 from revoke (already invalid) counts as done.
    ///
    /// Ordered with the assignments to ``AccessTokenStore/current``: the token assigned last before the call
    /// is the one revoked and forgotten, and one assigned while the logout runs becomes the session after it.
    public func logout() async throws(LineSDKError) {
        let core = try requireCore()
        let client = core.client
        // Through the writer, in its queue: a sign-out straight on the session could revoke and clear an older
        // token while a newer assignment waits, which then logs the user back in.
        let outcome = await core.writer.perform { () async -> Result<Void, OAuthError> in
            do throws(OAuthError) {
                try await client.signOut()
                return .success(())
            } catch { return .failure(error) }
        }
        if case .failure(let error) = outcome { throw LineSDKError(error, url: core.configuration.platform.revokeURL) }
    }

    /// The completion-handler form of ``logout()``.
    public func logout(callbackQueue: CallbackQueue = .default, completionHandler: @escaping @Sendable (Result<Void, LineSDKError>) -> Void)
    {
        Task {
            let result: Result<Void, LineSDKError>
            do throws(LineSDKError) {
                try await self.logout()
                result = .success(())
            } catch { result = .failure(error) }
            callbackQueue.execute { completionHandler(result) }
        }
    }
}

/// Registers the agent session with the `LoginProcess` so `stop()` can cancel it.
private struct ProcessTrackingAgent: UserAgent {
    let base: any UserAgent
    let process: LoginProcess

    func beginSession(redirectURI: URL?) async throws -> any UserAgentSession {
        let session = try await base.beginSession(redirectURI: redirectURI)
        // The LINE-app agent reports its route when it picks one.
        process.attach(session, route: base is LineAppUserAgent ? nil : .webLogin)
        return session
    }
}
