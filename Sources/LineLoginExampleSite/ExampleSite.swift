#if ExampleSite
import Crypto
public import Foundation
import Hummingbird
public import LineLoginServer
import LineLoginHummingbird
public import LineLoginPlatform
import Logging
import NIOCore
import OAuthEngine
public import Prometheus

/// The example site of `line-login example-site`: a server-rendered page with LINE's button, web login,
/// a profile page, and the app-to-server API (`/api/nonce`, `/api/session`, `/api/me`), on the
/// framework-free server kit and its Hummingbird glue. A target of its own so the CLI only starts it.
public struct ExampleSite: Sendable {
    /// The channel the site signs in with, and where.
    public struct Target: Sendable {
        /// The channel ID.
        public let channelID: String
        /// The channel secret (web login's `client_secret`).
        public let channelSecret: String
        /// LINE, or the emulator.
        public let platform: LinePlatform
        /// Whether the platform is the in-process emulator (the pages say so).
        public let emulated: Bool

        /// Creates a target.
        public init(channelID: String, channelSecret: String, platform: LinePlatform, emulated: Bool) {
            self.channelID = channelID
            self.channelSecret = channelSecret
            self.platform = platform
            self.emulated = emulated
        }
    }

    let target: Target
    let login: WebLogin
    let idTokens: IDTokenVerifier
    let accessTokens: AccessTokenVerifier
    let nonces: any NonceStore
    /// Seconds a nonce of `/api/nonce` is good for.
    let nonceLifetime: TimeInterval
    /// Where the server kit logs and counts.
    let observability: LineLoginObservability
    /// What `GET /metrics` shows, if anything.
    let metrics: PrometheusCollectorRegistry?

    /// Creates the site.
    /// - Parameters:
    ///   - target: the channel and the platform.
    ///   - redirectURI: `<site>/callback`.
    ///   - sealer: the key the cookies are sealed with (the same for every instance of a site).
    ///   - scopes: the scopes of web login.
    ///   - botPrompt: `bot_prompt`, if any.
    ///   - nonceStore: where `/api/nonce`'s nonces live (shared by every instance on PostgreSQL); `nil`, memory.
    ///   - nonceLifetime: seconds they are good for, as that store has it.
    ///   - sessions: which web-login sessions are live (shared, so a logout on one instance ends it everywhere).
    ///   - accessTokenCache: where `/api/me`'s verified access tokens are remembered (shared by every instance
    ///     on PostgreSQL); `nil`, this process's memory.
    ///   - observability: where the server kit logs and counts; the site's own request log uses its logger too.
    ///   - metrics: the registry `GET /metrics` shows in Prometheus' text format (`nil`: no such route); the
    ///     caller bootstraps `MetricsSystem` with it, so the request metrics land there too.
    /// - Throws: ``LineServerConfigurationError`` for a configuration the server kit refuses.
    public init(
        target: Target, redirectURI: URL, sealer: CookieSealer, scopes: [String], botPrompt: String?,
        nonceStore: (any NonceStore)? = nil, nonceLifetime: TimeInterval = 600,
        sessions: any WebSessionStore = MemoryWebSessionStore(),
        accessTokenCache: (any AccessTokenCaching)? = nil,
        observability: LineLoginObservability = LineLoginObservability(), metrics: PrometheusCollectorRegistry? = nil
    ) throws {
        self.target = target
        self.observability = observability
        self.metrics = metrics
        login = try WebLogin(
            configuration: WebLoginConfiguration(
                channelID: target.channelID, channelSecret: target.channelSecret, redirectURI: redirectURI,
                platform: target.platform, scopes: scopes, botPrompt: botPrompt, sealer: sealer, sessions: sessions,
                observability: observability))
        let memory = MemoryNonceStore()
        nonces = nonceStore ?? memory
        self.nonceLifetime = nonceStore == nil ? memory.lifetime : nonceLifetime
        let channel = LineChannel(channelID: target.channelID, channelSecret: target.channelSecret)
        idTokens = try IDTokenVerifier(channels: [channel], platform: target.platform, nonceStore: nonces, observability: observability)
        accessTokens = try AccessTokenVerifier(
            channelIDs: [target.channelID], platform: target.platform, cache: accessTokenCache ?? AccessTokenCache(),
            observability: observability)
    }

    /// Serves until the process is told to stop (SIGINT/SIGTERM); `onRunning` is called once it listens.
    public func run(host: String, port: Int, onRunning: @escaping @Sendable () -> Void) async throws {
        let logger = observability.logger
        let application = Application(
            router: router(), server: LineHTTPServer.http1(), configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { _ in onRunning() }, logger: logger)
        try await application.runService()
    }

    /// The site's routes.
    func router() -> Router<LineRequestContext> {
        let router = Router(context: LineRequestContext.self)
        // One line per request at info (never the query), and Hummingbird's request metrics in the
        // bootstrapped MetricsSystem.
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: LineSessionMiddleware(webLogin: login))
        let site = self
        router.get("/") { request, context in
            Response.html(
                ExamplePages.home(
                    user: context.lineUser, notice: request.uri.queryParameters["notice"].map(String.init),
                    target: site.target))
        }
        router.get("/profile") { _, context in
            guard let user = context.lineUser else { return Response(status: .seeOther, headers: [.location: "/"]) }
            return Response.html(ExamplePages.profile(user: user, target: site.target))
        }
        LineLoginRoutes(
            webLogin: login, afterLoginPath: "/profile", afterLogoutPath: "/",
            onFailure: { error, _, _ in
                if error.isUserCancelled { return Response(status: .seeOther, headers: [.location: "/?notice=cancelled"]) }
                return Response.html(ExamplePages.failure(error), status: error.isTransient ? .serviceUnavailable : .badRequest)
            }
        ).register(on: router)

        if let metrics {
            // Prometheus' text format. A real site keeps this off the public internet (a separate port,
            // or an allow-list at the proxy); the example site serves it beside its pages for the demo.
            router.get("/metrics") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.emitToBuffer())))
            }
        }

        let api = router.group("api")
        api.post("nonce") { _, context in
            do {
                let nonce = try await site.nonces.issue(for: context.nonceClient)
                return Response.json(["nonce": nonce, "expires_in": Int(site.nonceLifetime)])
            } catch {
                // Full of other clients' pending nonces: an outage to this client, not its fault.
                return Response.json(["error": "temporarily_unavailable"], status: .serviceUnavailable)
            }
        }
        api.post("session") { request, context in await site.session(request, context: context) }
        api.group("me")
            .add(middleware: LineBearerMiddleware(accepting: .accessOrIDTokens(accessTokens, idTokens)))
            .get { _, context in
                guard let user = context.lineUser else { return Response(status: .unauthorized) }
                return Response.json(ExamplePages.json(user))
            }
        return router
    }

    /// `POST /api/session {"id_token": …}`: the app-to-server sign-in; the token's nonce must be one
    /// `/api/nonce` issued, and it is consumed.
    func session(_ request: Request, context: LineRequestContext) async -> Response {
        let body = try? await request.body.collect(upTo: 16_384)
        guard let body, let object = (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any],
            let idToken = object["id_token"] as? String
        else {
            return Response.json(["error": "invalid_request", "error_description": "send {\"id_token\": \"…\"}"], status: .badRequest)
        }
        do {
            let verified = try await idTokens.verify(idToken, nonce: .issuedByStore, logger: context.logger)
            return Response.json(ExamplePages.json(verified.user))
        } catch {
            let status: HTTPResponse.Status = error.isUnavailable ? .serviceUnavailable : .unauthorized
            return Response.json(
                [
                    "error": error.isUnavailable ? "temporarily_unavailable" : "invalid_token",
                    "error_description": error.description, "reason": error.code,
                ], status: status)
        }
    }
}
#endif
