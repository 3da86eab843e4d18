#if Emulator
public import Foundation
import Hummingbird
package import HummingbirdCore
public import Logging
import NIOCore
import LineLoginPrimitives

/// A local LINE Login v2.1 platform: authorize pages, token, verify, revoke, profile,
/// friendship, userinfo, discovery and JWKS on one origin, with controls for tests.
///
/// ```swift
/// let emulator = LineLoginEmulator()
/// let baseURL = try await emulator.start()
/// // … point the client at baseURL …
/// await emulator.shutdown()
/// ```
public final class LineLoginEmulator: Sendable {
    /// Internal so `@testable` tests can look at the state without the purge `stats` performs.
    let store: EmulatorStore
    private let logger: Logger
    /// `--state FILE`'s writer, when the state is kept.
    private let stateFile: StateFile?
    private let server = LockedValue(ServerState())
    /// How long a connection may stay silent or take to send a request head before it is closed.
    public let connectionIdleTimeout: Duration

    private struct ServerState: Sendable {
        var task: Task<Void, any Error>?
        var starting = false
        /// Closes the listening socket; set once the server is bound.
        var closeListener: (@Sendable () async -> Void)?
    }

    /// Creates an emulator; nothing listens until ``start(host:port:)`` or ``run(host:port:)``.
    /// - Parameters:
    ///   - configuration: Channels, users and lifetimes. Defaults to ``EmulatorConfiguration/default``.
    ///   - logger: Where to log; defaults to a logger at `warning` level. Tokens, secrets and codes are never logged.
    ///   - connectionIdleTimeout: How long a connection may stay idle, or take to send its request head,
    ///     before it is closed (so slow or silent clients can't hold connections open).
    public convenience init(
        configuration: EmulatorConfiguration = .default, logger: Logger? = nil,
        connectionIdleTimeout: Duration = .seconds(15)
    ) {
        self.init(
            store: EmulatorStore(configuration: configuration), stateFile: nil, logger: logger,
            connectionIdleTimeout: connectionIdleTimeout)
    }

    /// Creates an emulator whose keys, generated secrets, friendships, sessions, consents, codes and
    /// tokens survive a restart in `stateFile` (read now if it exists, written at most once a second
    /// while serving and at shutdown). A secret in `configuration` is used as given; one the emulator
    /// made up (``EmulatorConfiguration/generatedSecretChannelIDs``) is taken from the file.
    ///
    /// The file holds private signing keys: it and every temporary file of a write are 0600 from their
    /// creation, and it is read only when no other user could have written it (it is yours, and neither
    /// the group nor others may write it or, unless it is sticky like `/tmp`, its folder). One emulator per
    /// file: the emulator locks `<stateFile>.lock` from now until ``shutdown()`` has written the last state
    /// (or until it is freed, or its process ends), and a second one is refused with
    /// ``EmulatorStateError/inUse(path:)``; a ``start(host:port:)`` after ``shutdown()`` takes the lock again.
    /// - Throws: ``EmulatorStateError`` when another emulator uses the file, or it can't be read, isn't a
    ///   state file, could have been written by someone else, or can't be written.
    public convenience init(
        configuration: EmulatorConfiguration = .default, stateFile: URL, logger: Logger? = nil,
        connectionIdleTimeout: Duration = .seconds(15)
    ) throws(EmulatorStateError) {
        try self.init(
            configuration: configuration, stateFile: stateFile, beforeStateWrite: nil, logger: logger,
            connectionIdleTimeout: connectionIdleTimeout)
    }

    /// The public initializer, with a hook told each temporary state file's descriptor before its first
    /// byte is written (tests check its mode there).
    convenience init(
        configuration: EmulatorConfiguration, stateFile: URL, beforeStateWrite: (@Sendable (_ descriptor: Int32) -> Void)?,
        logger: Logger?, connectionIdleTimeout: Duration
    ) throws(EmulatorStateError) {
        // First the lock: another emulator's file is neither read nor written.
        let lock = try StateFile.claim(stateFile)
        let snapshot = try StateFile.read(stateFile)
        var configuration = configuration
        if let snapshot {
            for index in configuration.channels.indices {
                let channelID = configuration.channels[index].channelID
                if configuration.generatedSecretChannelIDs.contains(channelID), let secret = snapshot.generatedSecrets[channelID] {
                    configuration.channels[index].channelSecret = secret
                }
            }
        }
        let store = EmulatorStore(configuration: configuration)
        if let snapshot {
            guard let keyRing = snapshot.keyRing() else { throw .corrupt(path: stateFile.path) }
            store.restore(snapshot, keyRing: keyRing)
        }
        let file = StateFile(url: stateFile, lock: lock, store: store, logger: Self.logger(logger), beforeFirstWrite: beforeStateWrite)
        // Written at once: a path that can't be written fails here, not at shutdown, and a generated
        // secret is kept from the first moment.
        try file.writeNow()
        self.init(store: store, stateFile: file, logger: logger, connectionIdleTimeout: connectionIdleTimeout)
    }

    private init(store: EmulatorStore, stateFile: StateFile?, logger: Logger?, connectionIdleTimeout: Duration) {
        self.store = store
        self.stateFile = stateFile
        self.connectionIdleTimeout = max(.milliseconds(1), connectionIdleTimeout)
        self.logger = Self.logger(logger)
    }

    private static func logger(_ logger: Logger?) -> Logger {
        if let logger { return logger }
        var fallback = Logger(label: "LineLoginEmulator")
        fallback.logLevel = .warning
        return fallback
    }

    /// The configuration, with current friend flags and auto-approve setting.
    public var configuration: EmulatorConfiguration {
        store.currentConfiguration()
    }

    /// The base URL once the server is listening, e.g. `http://127.0.0.1:54321`: every endpoint is there, and
    /// it is the ID tokens' issuer unless ``EmulatorConfiguration/issuer`` names another (see ``issuer``).
    public var baseURL: URL? {
        store.baseURL
    }

    /// The `iss` of the ID tokens, discovery's `issuer` and the issuer verify expects:
    /// ``EmulatorConfiguration/issuer`` when set, otherwise ``baseURL`` without a trailing slash (`nil` until
    /// the server is listening).
    public var issuer: String? {
        store.issuer
    }

    /// Binds and starts serving in the background.
    /// - Parameters:
    ///   - host: The address to bind.
    ///   - port: The port; `0` picks a free one.
    /// - Returns: The base URL, with the actual port.
    /// - Throws: ``LineLoginEmulatorError/alreadyRunning``, the bind error, or (with a state file, after a
    ///   ``shutdown()``) ``EmulatorStateError`` when another emulator took or changed the file meanwhile.
    public func start(host: String = "127.0.0.1", port: Int = 0) async throws -> URL {
        try await start(host: host, port: port, scheme: "http", answersForLINEHosts: false) { $0 }
    }

    /// Binds and starts serving in the background with the HTTP/1.1 server `wrapping` makes of the plain one
    /// (LineLoginEmulatorHTTPS wraps it in TLS: this module names no TLS library, so an app or the demo that
    /// doesn't serve HTTPS builds none).
    /// - Parameters:
    ///   - host: The address to bind.
    ///   - port: The port; `0` picks a free one.
    ///   - scheme: The base URL's scheme: `https` when `wrapping` adds TLS.
    ///   - answersForLINEHosts: Whether the issuer and discovery name LINE's origins (``LINEHosts``).
    ///   - wrapping: Makes the server from the plain HTTP/1.1 one (which has the idle timeout).
    /// - Returns: The base URL, with the actual port.
    package func start(
        host: String, port: Int, scheme: String, answersForLINEHosts: Bool,
        wrapping: (_ http1: HTTPServerBuilder) throws -> HTTPServerBuilder
    ) async throws -> URL {
        let builder = try wrapping(Self.serverBuilder(idleTimeout: connectionIdleTimeout))
        try server.withLock { state in
            if state.task != nil || state.starting { throw LineLoginEmulatorError.alreadyRunning }
            state.starting = true
        }
        do { try stateFile?.start() } catch {
            server.withLock { $0.starting = false }
            throw error
        }
        store.answersForLINEHosts = answersForLINEHosts
        let (ready, readyContinuation) = AsyncThrowingStream.makeStream(of: URL.self)
        let application = makeApplication(host: host, port: port, server: builder, scheme: scheme) { url in
            readyContinuation.yield(url)
            readyContinuation.finish()
        }
        let task = Task<Void, any Error> {
            do {
                try await application.run()
                readyContinuation.finish(throwing: LineLoginEmulatorError.stoppedBeforeListening)
            } catch {
                readyContinuation.finish(throwing: error)
                throw error
            }
        }
        server.withLock { state in
            state.task = task
            state.starting = false
        }
        do {
            for try await url in ready {
                return url
            }
            throw LineLoginEmulatorError.stoppedBeforeListening
        } catch {
            await shutdown()
            throw error
        }
    }

    /// Serves in the foreground until the task is cancelled or the process gets SIGINT/SIGTERM
    /// (then shuts down gracefully). For the command-line tool.
    /// - Parameters:
    ///   - host: The address to bind.
    ///   - port: The port; `0` picks a free one (see ``baseURL`` once running).
    public func run(host: String = "127.0.0.1", port: Int = 8080) async throws {
        try server.withLock { state in
            if state.task != nil || state.starting { throw LineLoginEmulatorError.alreadyRunning }
            state.starting = true
        }
        defer {
            server.withLock { state in
                state.starting = false
                state.closeListener = nil
            }
        }
        let logger = self.logger
        let application = makeApplication(
            host: host, port: port, server: Self.serverBuilder(idleTimeout: connectionIdleTimeout), scheme: "http"
        ) { url in
            logger.notice("LINE Login emulator listening", metadata: ["baseURL": "\(url.absoluteString)"])
        }
        try stateFile?.start()
        do {
            try await application.runService()
        } catch {
            await stateFile?.stop()
            throw error
        }
        await stateFile?.stop()
    }

    /// Stops the background server started by ``start(host:port:)`` and waits for it; with a state file,
    /// then writes the last state and releases the file's lock (also when the server never started), so a
    /// new emulator may use the file at once. Idempotent.
    public func shutdown() async {
        let (task, closeListener, starting) = server.withLock { state in
            defer {
                state.task = nil
                state.closeListener = nil
            }
            return (state.task, state.closeListener, state.starting)
        }
        // A start(host:port:) under way, or run(host:port:) serving: theirs to finish (run() stops the state
        // file itself when it ends).
        if task == nil, starting { return }
        if let task {
            // Closing the listener first ends the accept loop cleanly; cancelling then ends open connections.
            await closeListener?()
            task.cancel()
            _ = await task.result
        }
        await stateFile?.stop()
    }

    // MARK: Test controls

    /// Moves the emulator's clock (real time plus an offset) forward by `seconds`.
    public func advanceClock(by seconds: TimeInterval) {
        store.advanceClock(by: seconds)
    }

    /// Puts the emulator's clock back to real time, undoing every ``advanceClock(by:)``.
    public func resetClock() {
        store.resetClock()
    }

    /// Makes every access token issued so far expired.
    public func expireAccessTokens() {
        store.expireAccessTokens()
    }

    /// Makes the next auto login (the LINE-app route) fail as LINE's sometimes does: the callback carries
    /// a state the app never sent. A request with `disable_auto_login=true` is not affected.
    public func failNextAutoLogin() {
        store.failNextAutoLogin()
    }

    /// Starts signing with a new ES256 key; the old key stays in the JWKS for
    /// ``EmulatorConfiguration/keyRotationGracePeriod``.
    /// - Returns: The new key ID.
    @discardableResult
    public func rotateSigningKey() -> String {
        store.rotateSigningKey()
    }

    /// The `kid` of the key new ES256 ID tokens are signed with.
    public var currentKeyID: String {
        store.currentSigningKey().keyID
    }

    /// Signs `userID` in without pages from now on; `nil` shows the login page again.
    public func setAutoApprove(userID: String?) {
        store.autoApproveUserID = userID
    }

    /// Counters and state sizes (purges expired records first).
    public var stats: EmulatorStats {
        store.stats()
    }

    // MARK: Server

    /// HTTP/1.1. Hummingbird's idle timer also runs until a request head is complete: a header-read timeout.
    private static func serverBuilder(idleTimeout: Duration) -> HTTPServerBuilder {
        HTTPServerBuilder.http1(configuration: .init(idleTimeout: TimeAmount(idleTimeout)))
    }

    private func makeApplication(
        host: String,
        port: Int,
        server builder: HTTPServerBuilder,
        scheme: String,
        onListening: @escaping @Sendable (URL) -> Void
    ) -> some ApplicationProtocol {
        let store = self.store
        return Application(
            responder: EmulatorResponder(store: store, logger: logger),
            server: builder,
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { [server] channel in
                server.withLock { state in
                    state.closeListener = { try? await channel.close() }
                }
                let boundPort = channel.localAddress?.port ?? port
                let url = Self.baseURL(host: host, port: boundPort, scheme: scheme)
                store.baseURL = url
                onListening(url)
            },
            logger: logger
        )
    }

    /// `http://host:port` (or `https://`), with IPv6 literals bracketed and wildcard addresses replaced by loopback.
    static func baseURL(host: String, port: Int, scheme: String = "http") -> URL {
        let visibleHost: String
        switch host {
        case "0.0.0.0", "": visibleHost = "127.0.0.1"
        case "::", "[::]": visibleHost = "[::1]"
        default: visibleHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        return URL(string: "\(scheme)://\(visibleHost):\(port)") ?? URL(fileURLWithPath: "/")
    }
}

/// Errors thrown by ``LineLoginEmulator``.
public enum LineLoginEmulatorError: Error, Sendable, Equatable {
    /// ``LineLoginEmulator/start(host:port:)`` or ``LineLoginEmulator/run(host:port:)`` was called while running.
    case alreadyRunning
    /// The server stopped before it started listening.
    case stoppedBeforeListening
}
#endif
