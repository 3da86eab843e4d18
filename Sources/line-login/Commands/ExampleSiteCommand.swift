#if ExampleSite
import ArgumentParser
import Crypto
import Foundation
import LineLoginEmulator
import LineLoginExampleSite
import LineLoginPostgres
import LineLoginPrimitives
import PostgresNIO
import LineLoginServer
import LineSDK
import Logging
import CoreMetrics
import Prometheus

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
            access token or ID token). Without --channel-id (or $LINE_CHANNEL_ID) the site signs in through an \
            in-process emulator. Against real LINE, register <public URL>/callback as the channel's callback URL. \
            The database of --postgres may come from $LINE_POSTGRES_URL or --postgres-url-file instead (no password \
            in the process list). GET /metrics (Prometheus) shares the site's port for the demo: it is for a private \
            interface, so keep it off the internet (an allow-list at the proxy).
            """)

    @Option(help: "The address the site listens on.")
    var host = "127.0.0.1"

    @Option(help: "The site's port (0 = a free one, printed).")
    var port = 8500

    @Option(
        name: .customLong("public-url"),
        help: "The site's URL as browsers see it (default: http://HOST:PORT); the callback is <URL>/callback.")
    var publicURL: String?

    /// A real channel and platform; without `--channel-id` (or `$LINE_CHANNEL_ID`), the in-process emulator's.
    @OptionGroup var channel: ChannelOptions

    @Option(name: .customLong("channel-secret"), help: "The channel secret (default: $LINE_CHANNEL_SECRET).")
    var channelSecret: String?

    @Option(name: .customLong("emulator-port"), help: "The in-process emulator's port (0 = a free one).")
    var emulatorPort = 0

    @Option(
        name: .customLong("cookie-key"), help: "64 hex digits sealing the cookies (default: $LINE_COOKIE_KEY, else random per process).")
    var cookieKey: String?

    @Flag(help: "Also ask for the email permission.")
    var email = false

    @Option(name: .customLong("bot-prompt"), help: "normal or aggressive: offer to add the linked official account.")
    var botPrompt: String?

    @Option(
        help: ArgumentHelp(
            "Keep nonces and sessions in this PostgreSQL database (postgres://user:password@host:5432/db, no TLS), shared by every instance of the site. A password here shows in the process list: prefer $LINE_POSTGRES_URL or --postgres-url-file.",
            valueName: "URL"))
    var postgres: String?

    @Option(
        name: .customLong("postgres-url-file"),
        help: ArgumentHelp(
            "Read the --postgres URL from this file (one line; readable by you alone, chmod 600).", valueName: "FILE"))
    var postgresURLFile: String?

    @Option(
        name: .customLong("log-level"),
        help: "The least level logged to stderr: trace, debug, info, notice, warning, error or critical (never a token or code).")
    var logLevel: Logger.Level = .info

    func validate() throws {
        if channel.platformString != nil && channel.channelID == nil {
            throw ValidationError("--platform needs --channel-id: without a channel the site uses its own emulator")
        }
        try PortOption.check(port, option: "--port")
        try PortOption.check(emulatorPort, option: "--emulator-port")
        if postgres != nil && postgresURLFile != nil {
            throw ValidationError("--postgres and --postgres-url-file both name the database: give one")
        }
    }

    func run() async throws {
        try await reportingFailures {
            // The site must know its address before it listens (it is the callback registered at LINE).
            let port = self.port != 0 ? self.port : try await PortOption.freePort(on: host)
            let siteURL = try resolvedSiteURL(port: port)
            let redirectURI = siteURL.appendingPathComponent("callback")
            var emulator: LineLoginEmulator?
            let target: ExampleSite.Target
            if let channelID = channel.channelID {
                guard let secret = ChannelSecret.resolve(flag: channelSecret) else {
                    throw CommandFailure(
                        "web login needs the channel secret: pass --channel-secret or set LINE_CHANNEL_SECRET", exit: .usage)
                }
                target = ExampleSite.Target(channelID: channelID, channelSecret: secret, platform: try channel.platform(), emulated: false)
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
                target = ExampleSite.Target(
                    channelID: channel.channelID, channelSecret: channel.channelSecret,
                    platform: .custom(baseURL: baseURL), emulated: true)
                Console.out("LINE emulator at \(baseURL.absoluteString)  (sign in as brown@example.com / brown or cony@example.com / cony)")
            }
            // GET /metrics shows this registry; Hummingbird's request metrics reach it through MetricsSystem,
            // the server kit's and the PostgreSQL stores' through the factory they are given.
            let registry = PrometheusCollectorRegistry()
            let factory = PrometheusMetricsFactory(registry: registry)
            MetricsSystem.bootstrap(factory)
            var logger = Logger(label: "example-site", factory: { StreamLogHandler.standardError(label: $0) })
            logger.logLevel = logLevel
            let shared: SharedStores?
            do {
                shared = try databaseURL().map { url throws(PostgresStoreError) in
                    try SharedStores(url: url, logger: logger, metricsFactory: factory)
                }
            } catch let error as PostgresStoreError {
                await emulator?.shutdown()
                throw CommandFailure(error.description, exit: .usage)
            } catch {
                await emulator?.shutdown()
                throw error
            }
            // The pool runs while the site does.
            let pool = shared.map { stores in Task { await stores.client.run() } }
            defer { pool?.cancel() }
            let site: ExampleSite
            do {
                site = try ExampleSite(
                    target: target, redirectURI: redirectURI, sealer: try sealer(),
                    scopes: email ? ["profile", "openid", "email"] : ["profile", "openid"], botPrompt: botPrompt,
                    nonceStore: shared?.nonces, nonceLifetime: shared?.nonces.lifetime ?? 600,
                    sessions: shared?.sessions ?? MemoryWebSessionStore(), accessTokenCache: shared?.accessTokens,
                    observability: LineLoginObservability(logger: logger, metricsFactory: factory), metrics: registry)
            } catch let error as LineServerConfigurationError {
                await emulator?.shutdown()
                throw CommandFailure(error.description, exit: .usage)
            }
            if shared != nil {
                Console.out("nonces, sessions and verified access tokens: PostgreSQL (shared by every instance that uses this database)")
            }
            do {
                try await site.run(host: host, port: port) {
                    Console.out("Example site at \(siteURL.absoluteString)  (callback \(siteURL.absoluteString)/callback)")
                    Console.progress("Press Ctrl-C to stop.")
                }
            } catch {
                await emulator?.shutdown()
                throw PortOption.listenFailure("example site", host: host, port: port, underlying: error)
            }
            await emulator?.shutdown()
        }
    }

    /// The database URL: `--postgres` (a password there is warned about: every local user sees the process
    /// list), `--postgres-url-file` (refused unless only this user can read it), else `$LINE_POSTGRES_URL`.
    private func databaseURL() throws -> String? {
        if let postgres {
            if let password = URLComponents(string: postgres)?.password, !password.isEmpty {
                Console.progress(
                    "warning: the database password in --postgres shows in the process list to every user of this machine. "
                        + "Put the URL in $LINE_POSTGRES_URL or in a file for --postgres-url-file (chmod 600) instead.")
            }
            return postgres
        }
        if let postgresURLFile {
            let contents: Data
            let exposure: FileExposure
            do { (contents, exposure) = try FileExposure.read(path: postgresURLFile, maximumSize: 4096) } catch {
                throw CommandFailure("--postgres-url-file: \(error.description).", exit: .usage)
            }
            guard exposure.isOwnedByCurrentUser else {
                throw CommandFailure(
                    "--postgres-url-file: \(postgresURLFile) belongs to another user, who could change the database it names. "
                        + "Use a file of your own (chmod 600).", exit: .usage)
            }
            guard exposure.isPrivate else {
                throw CommandFailure(
                    "--postgres-url-file: other users can read \(postgresURLFile) (mode \(exposure.octalMode)), and with it the "
                        + "database password. Run chmod 600 \(postgresURLFile) and start again.", exit: .usage)
            }
            let url = String(decoding: contents, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !url.isEmpty, !url.contains(where: \.isNewline) else {
                throw CommandFailure("--postgres-url-file: \(postgresURLFile) must hold one postgres:// URL on one line.", exit: .usage)
            }
            return url
        }
        return ProcessInfo.processInfo.environment["LINE_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
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

/// `--postgres`: the nonce and session stores and the access-token cache every instance of the site shares.
private struct SharedStores {
    let client: PostgresClient
    let nonces: PostgresNonceStore
    let sessions: PostgresWebSessionStore
    let accessTokens: PostgresAccessTokenCache

    /// The stores on `url`, each with its default operation deadline, logging to `logger` and counting its
    /// failures in `metricsFactory` (so a database that stops answering shows in the log and on /metrics).
    init(url: String, logger: Logger, metricsFactory: any MetricsFactory) throws(PostgresStoreError) {
        client = PostgresClient(configuration: try PostgresURL.configuration(url, tls: .disable))
        nonces = try PostgresNonceStore(client: client, logger: logger, metricsFactory: metricsFactory)
        sessions = try PostgresWebSessionStore(client: client, logger: logger, metricsFactory: metricsFactory)
        accessTokens = try PostgresAccessTokenCache(client: client, logger: logger, metricsFactory: metricsFactory)
    }
}
#elseif CLI
import ArgumentParser
import Foundation

/// `example-site` in a `line-login` built without the ExampleSite trait: it says how to get it.
struct ExampleSiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "example-site",
        abstract: "Run the example web-login site (not in this build: build line-login with the package trait ExampleSite).",
        shouldDisplay: false)

    @Argument(parsing: .allUnrecognized) var arguments: [String] = []

    func run() throws {
        Console.error(
            "this line-login was built without the example site; build it with: swift run --traits ExampleSite line-login example-site")
        throw ExitCode(CLIExit.usage.rawValue)
    }
}
#endif
