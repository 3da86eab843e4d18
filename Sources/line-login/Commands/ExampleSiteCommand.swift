import ArgumentParser
import Crypto
import Foundation
import Hummingbird
import LineLoginEmulator
import LineLoginServer
import LineSDK
import OAuthEngine
import Logging

/// `line-login example-site`: a small web site using `LineLoginServer` end to end — a home page with the
/// "Log in with LINE" button, the server-side web login, a profile page, logout, and a JSON API behind
/// the bearer middleware. Runs against an in-process emulator unless `--channel-id` is given.
struct ExampleSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "example-site",
        abstract: "Run the example web site with Log in with LINE (against an in-process emulator by default).",
        discussion: """
        Pages: / (the button), /login → LINE → /callback, /profile, POST /logout. API: POST /api/nonce, \
        POST /api/session {"id_token": …} (server-issued nonce, consumed once), GET /api/me (Authorization: Bearer \
        access token or ID token). Against real LINE, register <public URL>/callback as the channel's callback URL.
        """)

    @Option(help: "The address the site listens on.")
    var host = "127.0.0.1"

    @Option(help: "The site's port (0 = a free one, printed).")
    var port = 8500

    @Option(name: .customLong("public-url"), help: "The site's URL as browsers see it (default: http://HOST:PORT); the callback is <URL>/callback.")
    var publicURL: String?

    @Option(name: .customLong("channel-id"), help: "A real LINE Login channel ID (default: the in-process emulator's channel).")
    var channelID: String?

    @Option(name: .customLong("channel-secret"), help: "The channel secret (default: $LINE_CHANNEL_SECRET).")
    var channelSecret: String?

    @Option(help: "A LINE-compatible platform base URL (default: LINE's production platform when --channel-id is given).")
    var platform: String?

    @Option(name: .customLong("emulator-port"), help: "The in-process emulator's port (0 = a free one).")
    var emulatorPort = 0

    @Option(name: .customLong("cookie-key"), help: "64 hex digits sealing the cookies (default: $LINE_COOKIE_KEY, else random per process).")
    var cookieKey: String?

    @Flag(help: "Also ask for the email permission.")
    var email = false

    @Option(name: .customLong("bot-prompt"), help: "normal or aggressive: offer to add the linked official account.")
    var botPrompt: String?

    func validate() throws {
        try PortOption.check(port, option: "--port")
        try PortOption.check(emulatorPort, option: "--emulator-port")
    }

    func run() async throws {
        try await reportingFailures {
            // The site must know its address before it listens (it is the callback registered at LINE).
            let port = self.port != 0 ? self.port : try await PortOption.freePort(on: host)
            let siteURL = try resolvedSiteURL(port: port)
            let redirectURI = siteURL.appendingPathComponent("callback")
            var emulator: LineLoginEmulator?
            let target: ExampleSite.Target
            if let channelID {
                guard let secret = channelSecret ?? ProcessInfo.processInfo.environment["LINE_CHANNEL_SECRET"], !secret.isEmpty else {
                    throw CommandFailure("web login needs the channel secret: pass --channel-secret or set LINE_CHANNEL_SECRET", exit: .usage)
                }
                target = ExampleSite.Target(channelID: channelID, channelSecret: secret, platform: try resolvedPlatform(), emulated: false)
            } else {
                var configuration = EmulatorConfiguration.default
                configuration.channels[0].callbackURLs.append(redirectURI.absoluteString)
                let started = LineLoginEmulator(configuration: configuration)
                let baseURL: URL
                do { baseURL = try await started.start(host: "127.0.0.1", port: emulatorPort) } catch {
                    throw PortOption.listenFailure("in-process emulator", host: "127.0.0.1", port: emulatorPort, underlying: error)
                }
                emulator = started
                let channel = configuration.channels[0]
                target = ExampleSite.Target(channelID: channel.channelID, channelSecret: channel.channelSecret,
                                            platform: .custom(baseURL: baseURL), emulated: true)
                Console.out("LINE emulator at \(baseURL.absoluteString)  (sign in as brown@example.com / brown or cony@example.com / cony)")
            }
            let site: ExampleSite
            do {
                site = try ExampleSite(target: target, redirectURI: redirectURI, sealer: try sealer(),
                                       scopes: email ? ["profile", "openid", "email"] : ["profile", "openid"], botPrompt: botPrompt)
            } catch let error as LineServerConfigurationError {
                await emulator?.shutdown()
                throw CommandFailure(error.description, exit: .usage)
            }
            do {
                try await site.run(host: host, port: port, siteURL: siteURL)
            } catch {
                await emulator?.shutdown()
                throw PortOption.listenFailure("example site", host: host, port: port, underlying: error)
            }
            await emulator?.shutdown()
        }
    }

    private func resolvedSiteURL(port: Int) throws -> URL {
        let string = publicURL ?? "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        var trimmed = string
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), url.scheme != nil, url.host != nil else {
            throw CommandFailure("--public-url is not a URL: \(string)", exit: .usage)
        }
        return url
    }

    private func resolvedPlatform() throws -> LinePlatform {
        guard let platform else { return .production }
        return .custom(baseURL: try SessionOptions.platformURL(platform))
    }

    private func sealer() throws -> CookieSealer {
        guard let hex = cookieKey ?? ProcessInfo.processInfo.environment["LINE_COOKIE_KEY"], !hex.isEmpty else {
            Console.progress("cookies are sealed with a random key: sessions end when the site restarts (--cookie-key to keep them)")
            return .randomKey()
        }
        let bytes = stride(from: 0, to: hex.count, by: 2).compactMap { offset -> UInt8? in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: min(2, hex.count - offset))], radix: 16)
        }
        guard hex.count == 64, bytes.count == 32 else { throw CommandFailure("--cookie-key must be 64 hex digits", exit: .usage) }
        return CookieSealer(key: SymmetricKey(data: bytes))
    }
}

/// The example site: its routes and pages.
private struct ExampleSite {
    struct Target {
        let channelID: String
        let channelSecret: String
        let platform: LinePlatform
        let emulated: Bool
    }

    let target: Target
    let login: WebLogin
    let idTokens: IDTokenVerifier
    let accessTokens: AccessTokenVerifier
    let nonces: MemoryNonceStore

    init(target: Target, redirectURI: URL, sealer: CookieSealer, scopes: [String], botPrompt: String?) throws {
        self.target = target
        login = try WebLogin(configuration: WebLoginConfiguration(
            channelID: target.channelID, channelSecret: target.channelSecret, redirectURI: redirectURI,
            platform: target.platform, scopes: scopes, botPrompt: botPrompt, sealer: sealer))
        nonces = MemoryNonceStore()
        let channel = LineChannel(channelID: target.channelID, channelSecret: target.channelSecret)
        idTokens = try IDTokenVerifier(channels: [channel], platform: target.platform, nonceStore: nonces)
        accessTokens = try AccessTokenVerifier(channelIDs: [target.channelID], platform: target.platform)
    }

    func run(host: String, port: Int, siteURL: URL) async throws {
        var logger = Logger(label: "example-site")
        logger.logLevel = .warning
        let application = Application(
            router: router(), server: LineHTTPServer.http1(), configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { _ in
                Console.out("Example site at \(siteURL.absoluteString)  (callback \(siteURL.absoluteString)/callback)")
                Console.progress("Press Ctrl-C to stop.")
            }, logger: logger)
        try await application.runService()
    }

    func router() -> Router<LineRequestContext> {
        let router = Router(context: LineRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: LineSessionMiddleware(webLogin: login))
        let site = self
        router.get("/") { request, context in
            Response.html(ExamplePages.home(user: context.lineUser, notice: request.uri.queryParameters["notice"].map(String.init),
                                            target: site.target))
        }
        router.get("/profile") { _, context in
            guard let user = context.lineUser else { return Response(status: .seeOther, headers: [.location: "/"]) }
            return Response.html(ExamplePages.profile(user: user, target: site.target))
        }
        LineLoginRoutes(webLogin: login, afterLoginPath: "/profile", afterLogoutPath: "/", onFailure: { error, _, _ in
            if error.isUserCancelled { return Response(status: .seeOther, headers: [.location: "/?notice=cancelled"]) }
            return Response.html(ExamplePages.failure(error), status: error.isTransient ? .serviceUnavailable : .badRequest)
        }).register(on: router)

        let api = router.group("api")
        api.post("nonce") { _, context in
            do {
                let nonce = try await site.nonces.issue(for: context.nonceClient)
                return Response.json(["nonce": nonce, "expires_in": Int(site.nonces.lifetime)])
            } catch {
                // Full of other clients' pending nonces: an outage to this client, not its fault.
                return Response.json(["error": "temporarily_unavailable"], status: .serviceUnavailable)
            }
        }
        api.post("session") { request, _ in await site.session(request) }
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
    func session(_ request: Request) async -> Response {
        let body = try? await request.body.collect(upTo: 16_384)
        guard let body, let object = (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any],
              let idToken = object["id_token"] as? String else {
            return Response.json(["error": "invalid_request", "error_description": "send {\"id_token\": \"…\"}"], status: .badRequest)
        }
        do {
            let verified = try await idTokens.verify(idToken, nonce: .issuedByStore)
            return Response.json(ExamplePages.json(verified.user))
        } catch {
            let status: HTTPResponse.Status = error.isUnavailable ? .serviceUnavailable : .unauthorized
            return Response.json(["error": error.isUnavailable ? "temporarily_unavailable" : "invalid_token",
                                  "error_description": error.description, "reason": error.code], status: status)
        }
    }
}

/// `X-Content-Type-Options`, `X-Frame-Options` and `Referrer-Policy` on every answer.
private struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = LineRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        for (name, value) in [("X-Frame-Options", "DENY"), ("Referrer-Policy", "same-origin")] {
            if let field = HTTPFields.Element.Name(name) { response.headers[field] = value }
        }
        return response
    }
}

extension Response {
    fileprivate static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    fileprivate static func json(_ object: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// The site's HTML.
private enum ExamplePages {
    static func home(user: LineUser?, notice: String?, target: ExampleSite.Target) -> String {
        let body: String
        if let user {
            body = """
            <h1>Welcome back, \(esc(user.displayName ?? "LINE user"))</h1>
            <p>You are signed in with LINE.</p>
            <p class="actions"><a class="text-button" href="/profile">View your profile</a></p>
            \(logoutForm)
            """
        } else {
            let cancelled = notice == "cancelled" ? "<p class=\"notice\" role=\"status\">The login was cancelled.</p>" : ""
            body = """
            \(cancelled)
            <h1>LINE Login example</h1>
            <p>Sign in with your LINE account to see your profile. This site never sees your LINE password: \
            LINE signs you in, and the site checks what LINE sends back.</p>
            <p class="actions">\(LineLoginButton(href: "/login").html)</p>
            """
        }
        let states = LineLoginButton.PreviewState.allCases.map { state in
            "<figure>\(LineLoginButton(href: "/login", previewState: state).html)<figcaption>\(state == .hover ? "Hover" : "Press")</figcaption></figure>"
        }.joined()
        return page(title: "LINE Login example", target: target, content: """
        <section class="card" id="account">\(body)</section>
        <section class="card states" aria-label="Button states">
        <h2>The button's states</h2>
        <div class="state-row">
        <figure>\(LineLoginButton(href: "/login").html)<figcaption>Base</figcaption></figure>\(states)
        <figure>\(LineLoginButton(href: "/login", isDisabled: true).html)<figcaption>Disabled</figcaption></figure>
        </div>
        </section>
        """)
    }

    static func profile(user: LineUser, target: ExampleSite.Target) -> String {
        let name = user.displayName ?? "LINE user"
        let initial = name.first.map { String($0) } ?? "?"
        let picture = user.pictureURL.map {
            "<img src=\"\(esc($0.absoluteString))\" alt=\"\" referrerpolicy=\"no-referrer\" onerror=\"this.remove()\">"
        } ?? ""
        var rows = [("User ID", "<code>\(esc(user.userID))</code>"), ("Channel", esc(user.channelID)), ("Signed in with", "LINE web login")]
        if let status = user.statusMessage { rows.insert(("Status message", esc(status)), at: 1) }
        if let email = user.email { rows.insert(("Email", esc(email)), at: 1) }
        let details = rows.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }.joined()
        return page(title: "\(name) · LINE Login example", target: target, content: """
        <section class="card profile">
        <div class="avatar" aria-hidden="true"><span>\(esc(initial))</span>\(picture)</div>
        <h1 id="display-name">\(esc(name))</h1>
        <dl>\(details)</dl>
        \(logoutForm)
        </section>
        <p class="back"><a href="/">← Home</a></p>
        """)
    }

    static func failure(_ error: WebLoginError) -> String {
        let retry = error.suggestsRetryWithoutAutoLogin ? "/login?retry=1" : "/login"
        return page(title: "Login failed · LINE Login example", target: nil, content: """
        <section class="card">
        <h1>Login failed</h1>
        <p>\(esc(error.description.asSentence))</p>
        <p class="actions">\(LineLoginButton(href: retry, label: .custom("Try again with LINE")).html)</p>
        </section>
        <p class="back"><a href="/">← Home</a></p>
        """)
    }

    static func json(_ user: LineUser) -> [String: Any] {
        var object: [String: Any] = ["userId": user.userID, "channelId": user.channelID, "method": user.method.rawValue]
        if let name = user.displayName { object["displayName"] = name }
        if let picture = user.pictureURL { object["pictureUrl"] = picture.absoluteString }
        if let status = user.statusMessage { object["statusMessage"] = status }
        if let email = user.email { object["email"] = email }
        return object
    }

    static let logoutForm = """
    <form method="post" action="/logout" class="logout"><button type="submit" class="secondary-button">Log out</button></form>
    """

    static func page(title: String, target: ExampleSite.Target?, content: String) -> String {
        let footer = target.map {
            $0.emulated
                ? "Running against the LINE Login emulator at \(esc($0.platform.issuer)) — no LINE account or network needed."
                : "Channel \(esc($0.channelID)) on \(esc($0.platform.issuer))."
        } ?? ""
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(esc(title))</title>
        <style>\(LineLoginButton.css)
        \(style)</style>
        </head>
        <body>
        <header class="site-header"><a href="/" class="brand">Example&nbsp;Shop</a></header>
        <main>
        \(content)
        </main>
        <footer>\(footer)</footer>
        </body>
        </html>
        """
    }

    static let style = """
    *{box-sizing:border-box}
    body{margin:0;background:#F5F6F7;color:#1E1E1E;font:16px/1.55 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif}
    .site-header{background:#FFFFFF;border-bottom:1px solid #E5E5E5;padding:14px 24px}
    .brand{color:#1E1E1E;font-weight:700;font-size:18px;text-decoration:none}
    main{max-width:640px;margin:32px auto;padding:0 16px}
    .card{background:#FFFFFF;border:1px solid #E5E5E5;border-radius:12px;padding:28px 32px;margin-bottom:20px}
    h1{font-size:26px;line-height:1.25;margin:0 0 12px}
    h2{font-size:16px;margin:0 0 16px;color:#555}
    p{margin:0 0 16px}
    .actions{margin:24px 0 4px}
    .notice{background:#FFF8E1;border:1px solid #F5D66B;border-radius:8px;padding:8px 12px}
    .state-row{display:flex;flex-wrap:wrap;gap:20px}
    figure{margin:0;display:flex;flex-direction:column;align-items:flex-start;gap:6px}
    figcaption{font-size:13px;color:#6B6B6B}
    .profile{text-align:center}
    .avatar{position:relative;width:96px;height:96px;margin:0 auto 16px;border-radius:50%;background:#06C755;color:#FFFFFF;\
    display:flex;align-items:center;justify-content:center;font-size:40px;font-weight:700;overflow:hidden}
    .avatar img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
    dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;text-align:left;margin:20px 0 28px}
    dt{color:#6B6B6B}
    dd{margin:0;overflow-wrap:anywhere}
    code{font:14px ui-monospace,Menlo,Consolas,monospace}
    .secondary-button{height:44px;padding:0 24px;border:1px solid #C8C8C8;border-radius:6px;background:#FFFFFF;color:#1E1E1E;\
    font-family:inherit;font-size:15px;font-weight:600;line-height:1;cursor:pointer}
    .secondary-button:hover{background:#F0F0F0}
    .secondary-button:focus-visible,.text-button:focus-visible{outline:3px solid #1E1E1E;outline-offset:2px}
    .text-button{color:#06893B;font-weight:600}
    .back a{color:#555}
    footer{max-width:640px;margin:0 auto 32px;padding:0 16px;color:#6B6B6B;font-size:13px}
    """

    static func esc(_ text: some StringProtocol) -> String { HTMLEscaping.escape(String(text)) }
}
