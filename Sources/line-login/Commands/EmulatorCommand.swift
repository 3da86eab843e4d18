#if CLI
import ArgumentParser
import Foundation
import LineLoginEmulator
import LineLoginPrimitives
#if EmulatorHTTPS
import LineLoginEmulatorHTTPS
#endif

/// `line-login emulator`: runs the local LINE Platform in the foreground.
struct EmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator", abstract: "Run the LINE Login emulator (a local LINE Platform).")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port (0 = a free one).")
    var port = 8400

    @Option(help: "A JSON file with channels and users.")
    var config: String?

    @Option(
        help: ArgumentHelp("Keep signing keys, generated secrets, sessions and tokens in this file across restarts.", valueName: "FILE"))
    var state: String?

    @Option(
        name: .customLong("auto-approve"),
        help: ArgumentHelp(
            "Skip the login page and approve as this user (ID, email or display name; alone: the first user).", valueName: "USER"))
    var autoApprove: String?

    @Option(
        help: ArgumentHelp(
            "The iss of ID tokens and the issuer of discovery and verify, e.g. https://access.line.me so that code pinning LINE's issuer accepts the tokens; the endpoints stay at this emulator's URL (default: its URL).",
            valueName: "URL"))
    var issuer: String?

    #if EmulatorHTTPS
    @Flag(
        name: .customLong("line-hosts"),
        help: ArgumentHelp(
            "Answer for access.line.me, api.line.me and access-auto.line.me over HTTPS, with a certificate from a local CA created once in --ca-dir (issuer https://access.line.me; discovery lists LINE's URLs). Listens on --https-port (443) where allowed, otherwise on --port. Point the names at this machine yourself (docs: the emulator's article)."
        ))
    var lineHosts = false

    @Option(
        name: .customLong("https-port"),
        help: ArgumentHelp(
            "The port --line-hosts tries first (LINE's is 443; 0 = a free one); where it is not allowed, --port.", valueName: "N"))
    var httpsPort = 443

    @Option(
        name: .customLong("ca-dir"),
        help: ArgumentHelp(
            "Where --line-hosts keeps its CA (ca.pem to trust, ca-key.pem 0600) (default: $XDG_DATA_HOME/line-login/emulator-ca).",
            valueName: "DIR"))
    var caDirectory: String?
    #else
    // Built without the EmulatorHTTPS trait: hidden, and parsed only so that using them gets the sentence that says
    // which build has them (validate()), not "unknown option".
    @Flag(name: .customLong("line-hosts"), help: .hidden)
    var lineHosts = false

    @Option(name: .customLong("https-port"), help: .hidden)
    var httpsPort: Int?

    @Option(name: .customLong("ca-dir"), help: .hidden)
    var caDirectory: String?
    #endif

    @Option(
        name: .customLong("dashboard-host"),
        help: ArgumentHelp(
            "Also answer the dashboard and the test controls under this Host name, with any port (repeatable; localhost and IP addresses always answer).",
            valueName: "NAME"))
    var dashboardHosts: [String] = []

    @Flag(name: .customLong("rotate-refresh-tokens"), help: "Issue a new refresh token on every refresh.")
    var rotateRefreshTokens = false

    @Flag(
        name: .customLong("test-controls"),
        help:
            "Serve POST /_emulator/control (advance-clock, reset-clock, expire-access-tokens, rotate-signing-key, fail-next-auto-login) and GET /_emulator/stats."
    )
    var testControls = false

    func validate() throws {
        try PortOption.check(port, option: "--port")
        #if EmulatorHTTPS
        try PortOption.check(httpsPort, option: "--https-port")
        #else
        for (option, used) in [("--line-hosts", lineHosts), ("--https-port", httpsPort != nil), ("--ca-dir", caDirectory != nil)]
        where used {
            throw EmulatorHTTPSTrait.refuse(option)
        }
        #endif
        if let issuer, !EmulatorConfiguration.isIssuer(issuer) {
            throw ValidationError(
                "--issuer \(issuer) is not an issuer: give an absolute http or https URL with a host and no query or fragment, such as https://access.line.me."
            )
        }
        for name in dashboardHosts where LoopbackHost.hostName(name) == nil {
            throw ValidationError("--dashboard-host \(name) is not a host name: give NAME or NAME:PORT (the port is ignored).")
        }
    }

    func run() async throws {
        var configuration: EmulatorConfiguration
        if let config {
            // It holds channel secrets and passwords: say so when other users can read it or could have
            // changed it (still used: a shared test fixture is a choice, a file left open by accident is what
            // this catches).
            if let exposure = try? FileExposure.of(path: config), let warning = Self.configWarning(config, exposure) {
                Console.progress(warning)
            }
            do { configuration = try EmulatorConfiguration(contentsOf: URL(fileURLWithPath: config)) } catch {
                Console.error("The emulator configuration \(config) can't be used: \(error). See docs/EMULATOR_CONFIG.md.")
                throw CLIExit.usage.exitCode
            }
        } else {
            configuration = .default
        }
        if rotateRefreshTokens { configuration.rotateRefreshTokens = true }
        if testControls { configuration.testControls = true }
        if let issuer { configuration.issuer = issuer }
        configuration.dashboardHosts.formUnion(dashboardHosts)
        if let autoApprove {
            let key = autoApprove.lowercased()
            guard
                let user = configuration.users.first(where: {
                    $0.userID.lowercased() == key || $0.email?.lowercased() == key || $0.displayName.lowercased() == key
                })
                    ?? (autoApprove.isEmpty ? configuration.users.first : nil)
            else {
                Console.error("--auto-approve: no user \(autoApprove)")
                throw CLIExit.usage.exitCode
            }
            configuration.autoApproveUserID = user.userID
        }
        let emulator: LineLoginEmulator
        if let state {
            do { emulator = try LineLoginEmulator(configuration: configuration, stateFile: URL(fileURLWithPath: state)) } catch {
                Console.error(error.description)
                throw CLIExit.usage.exitCode
            }
        } else {
            emulator = LineLoginEmulator(configuration: configuration)
        }
        let baseURL: URL
        #if EmulatorHTTPS
        if lineHosts {
            baseURL = try await startAnsweringForLINEHosts(emulator)
        } else {
            baseURL = try await start(emulator)
        }
        #else
        baseURL = try await start(emulator)
        #endif
        Console.out("LINE Login emulator at \(baseURL.absoluteString)")
        Console.out(
            "issuer: \(emulator.issuer ?? baseURL.absoluteString)   discovery: \(baseURL.absoluteString)/.well-known/openid-configuration")
        Console.out("dashboard: \(baseURL.absoluteString)/")
        // Only what the emulator made up is printed (the sample secret and passwords, so a developer can
        // try web login); secrets and passwords from a --config file are the owner's and stay out of logs.
        let generated = config == nil
        for channel in emulator.configuration.channels {
            let secret =
                configuration.generatedSecretChannelIDs.contains(channel.channelID) ? channel.channelSecret : "(from the config file)"
            Console.out("channel \(channel.channelID)  secret \(secret)  callbacks \(channel.callbackURLs.joined(separator: " "))")
        }
        for user in configuration.users {
            let password = generated ? "password \(user.password)" : "password (from the config file)"
            Console.out("user \(user.userID)  \(user.displayName)  \(user.email ?? "-")  \(password)\(user.isFriend ? "  (friend)" : "")")
        }
        if let autoApproveUserID = configuration.autoApproveUserID { Console.out("auto-approve: \(autoApproveUserID)") }
        if let state { Console.out("state: \(state) (written at most once a second and at exit)") }
        if configuration.testControls {
            Console.out("test controls: POST \(baseURL.absoluteString)/_emulator/control, GET \(baseURL.absoluteString)/_emulator/stats")
        }
        Console.progress("Press Ctrl-C to stop.")
        await waitForTermination()
        await emulator.shutdown()
    }

    /// Plain HTTP on `--port`.
    private func start(_ emulator: LineLoginEmulator) async throws -> URL {
        do { return try await emulator.start(host: host, port: port) } catch {
            let failure = PortOption.listenFailure("emulator", host: host, port: port, underlying: error)
            Console.error(failure.message)
            throw failure.exit.exitCode
        }
    }

    #if EmulatorHTTPS
    /// `--line-hosts`: the CA (created on first use), then HTTPS on 443, or on `--port` where 443 is not allowed.
    private func startAnsweringForLINEHosts(_ emulator: LineLoginEmulator) async throws -> URL {
        let folder = caDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? EmulatorCertificateAuthority.defaultFolder()
        let authority: EmulatorCertificateAuthority
        do { authority = try EmulatorCertificateAuthority.loadOrCreate(in: folder) } catch {
            Console.error(error.description)
            throw CLIExit.usage.exitCode
        }
        let baseURL: URL
        do { baseURL = try await emulator.start(host: host, port: httpsPort, answeringForLINEHostsWith: authority) } catch {
            do { baseURL = try await emulator.start(host: host, port: port, answeringForLINEHostsWith: authority) } catch {
                let failure = PortOption.listenFailure("emulator", host: host, port: port, underlying: error)
                Console.error(failure.message)
                throw failure.exit.exitCode
            }
            Console.progress("Port \(httpsPort) is not allowed here (or in use); listening on \(baseURL.port ?? port) instead.")
        }
        let boundPort = baseURL.port ?? 443
        let address = baseURL.host ?? "127.0.0.1"
        Console.out(
            "answering for \(EmulatorCertificateAuthority.lineHostNames.joined(separator: ", ")) over HTTPS on \(address):\(boundPort)")
        Console.out("CA certificate to trust: \(authority.certificateFile.path) (valid until \(authority.expiresAt))")
        let connectTo = EmulatorCertificateAuthority.lineHostNames.map { "--connect-to \($0):443:\(address):\(boundPort)" }.joined(
            separator: " ")
        Console.out(
            "try: curl --cacert \(authority.certificateFile.path) \(connectTo) https://access.line.me/.well-known/openid-configuration")
        return baseURL
    }
    #endif

    /// The warning for a `--config` file others can read, or could have changed by the package's one rule
    /// (``FileExposure/untrustedReason``: another user's, or writable by group or others); `nil` for a
    /// file only its owner, this user, can read and change.
    static func configWarning(_ path: String, _ exposure: FileExposure) -> String? {
        guard exposure.untrustedReason != nil || exposure.isReadableByOthers else { return nil }
        var facts: [String] = []
        if !exposure.isOwnedByCurrentUser { facts.append("it belongs to another user (uid \(exposure.ownerID)), who could change them") }
        let access = [exposure.isReadableByOthers ? "read" : nil, exposure.isWritableByOthers ? "change" : nil].compactMap { $0 }
        if !access.isEmpty { facts.append("other users can \(access.joined(separator: " and ")) it (mode \(exposure.octalMode))") }
        let fix = exposure.isOwnedByCurrentUser ? "Run chmod 600 \(path)" : "Use a copy of your own (chmod 600)"
        return
            "warning: \(path) holds channel secrets and passwords, and \(facts.joined(separator: "; ")). \(fix) unless that is what you want."
    }

    private func waitForTermination() async {
        let fired = ResumeOnce()
        let watcher = SignalWatcher(signals: [SIGINT, SIGTERM]) { fired.resume() }
        await withCheckedContinuation { fired.attach($0) }
        watcher.stop()
    }
}

/// Resumes a continuation at most once, even when the signal came before the continuation existed.
final class ResumeOnce: Sendable {
    private struct State: Sendable {
        var continuation: CheckedContinuation<Void, Never>?
        var fired = false
    }

    private let state = LockedValue(State())

    func attach(_ continuation: CheckedContinuation<Void, Never>) {
        let firedAlready = state.withLock { state -> Bool in
            if !state.fired { state.continuation = continuation }
            return state.fired
        }
        if firedAlready { continuation.resume() }
    }

    func resume() {
        let pending = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.fired = true
            defer { state.continuation = nil }
            return state.continuation
        }
        pending?.resume()
    }
}
#endif
