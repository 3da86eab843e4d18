#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// `line-login login`: the terminal user's LINE login through the system browser and a loopback redirect.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Log in with LINE in the system browser (loopback redirect).")

    @OptionGroup var session: SessionOptions

    @Option(
        name: .customLong("scope"), parsing: .upToNextOption,
        help: "Permissions (scopes): profile openid email … (default: profile openid).")
    var scopes: [String] = ["profile", "openid"]

    @Option(name: .customLong("redirect-port"), help: "Listen on this loopback port (must match the channel's registered callback URL).")
    var redirectPort: Int?

    @Flag(
        name: .customLong("no-browser"),
        help:
            "Print the login URL instead of opening a browser; on a terminal, the address the browser ended on may also be pasted (a browser on another machine)."
    )
    var noBrowser = false

    @Option(name: .customLong("bot-prompt"), help: "Offer the linked official account: normal or aggressive.")
    var botPrompt: String?

    @Option(help: "Seconds to wait for the browser.")
    var timeout: Int = 300

    func validate() throws {
        if let redirectPort { try PortOption.check(redirectPort, option: "--redirect-port", allowsAnyFreePort: false) }
        if let botPrompt, LoginManager.Parameters.BotPrompt(rawValue: botPrompt) == nil {
            throw ValidationError("--bot-prompt must be normal or aggressive")
        }
        if scopes.isEmpty { throw ValidationError("--scope needs at least one permission") }
        let known = Self.knownPermissions.map(\.rawValue)
        if let unknown = scopes.first(where: { !known.contains($0) }) {
            throw ValidationError("LINE has no permission named \"\(unknown)\". Known permissions: \(known.joined(separator: " ")).")
        }
    }

    /// The loopback callback without a port: what a channel registers for a CLI that listens on any free port.
    static let anyPortCallback = URL(string: "http://127.0.0.1/callback") ?? URL(fileURLWithPath: "/")

    /// "5 minutes", "90 seconds": a wait as people say it.
    static func duration(_ seconds: Int) -> String {
        seconds >= 60 && seconds % 60 == 0
            ? "\(seconds / 60) minute\(seconds == 60 ? "" : "s")" : "\(seconds) second\(seconds == 1 ? "" : "s")"
    }

    /// The permissions LINE's SDK knows (`LoginPermission`); anything else LINE refuses at its login page.
    static let knownPermissions: [LoginPermission] = [
        .openID, .profile, .email, .friends, .groups, .messageWrite, .oneTimeShare, .openChatInfo, .openChatTermStatus,
        .openChatRoomCreateAndJoin, .phone, .gender, .birthdate, .address, .realName, .openChatPlugManagement,
        .openChatPlugInfo, .openChatPlugProfile, .openChatPlugSendMessage, .openChatPlugReceiveMessageEvent,
    ]

    func run() async throws {
        try await reportingFailures(session.diagnostics) {
            let loopback = LoopbackUserAgent(
                port: redirectPort, timeout: .seconds(timeout),
                browser: noBrowser ? PrintingBrowserOpener() : SystemBrowserOpener())
            // Without a browser here the login may happen elsewhere: then the user pastes where it ended.
            let agent: any UserAgent = noBrowser && PasteBackUserAgent.isAvailable ? PasteBackUserAgent(base: loopback) : loopback
            let redirect = redirectPort.flatMap { URL(string: "http://127.0.0.1:\($0)/callback") }
            let manager = try session.makeManager(userAgent: agent, redirectURI: redirect)
            var parameters = LoginManager.Parameters()
            parameters.botPromptStyle = botPrompt.flatMap(LoginManager.Parameters.BotPrompt.init(rawValue:))
            // Fail fast: a platform that is down or wrong is named now, not after the browser wait.
            let platform = try session.resolvedPlatform()
            try await PlatformProbe.check(platform, transport: session.diagnostics.transport())
            try await PlatformProbe.checkChannel(
                platform, channelID: try session.resolvedChannelID(),
                redirectURI: redirect ?? Self.anyPortCallback, transport: session.diagnostics.transport())
            Console.progress("Waiting up to \(Self.duration(timeout)) for the login in the browser (Ctrl-C to stop)…")
            let permissions = Set(scopes.map(LoginPermission.init(rawValue:)))
            // Ctrl-C stops the login (the listener closes) and exits as "cancelled", not killed by the signal;
            // armed before the login starts, which prints the URL a Ctrl-C may follow at once.
            let cancellation = SignalCancellation()
            let interrupt = SignalWatcher(signals: [SIGINT, SIGTERM]) { cancellation.fire() }
            defer { interrupt.stop() }
            let login = Task { () async throws(LineSDKError) -> LoginResult in
                try await manager.login(permissions: permissions, parameters: parameters)
            }
            cancellation.cancel(with: { login.cancel() })
            let result: LoginResult
            do { result = try await login.value } catch {
                guard case .untypedError(let underlying as UserAgentError)? = error as? LineSDKError, underlying == .timedOut else {
                    throw error
                }
                let callback = redirect?.absoluteString ?? "http://127.0.0.1:PORT/callback"
                throw CommandFailure(
                    "No login came back within \(Self.duration(timeout)). Likely causes: the browser showed an error "
                        + "(a wrong --channel-id, or \(callback) is not a callback URL registered for the channel: "
                        + "register it, or pass --redirect-port for one that is), or the login was not finished. "
                        + "Run the command again, or raise --timeout.", exit: .loginFailed)
            }
            try session.remember()
            if session.json {
                var output = TokenSummary.dictionary(result.accessToken)
                if let profile = result.userProfile { output["profile"] = TokenSummary.profile(profile) }
                if let changed = result.friendshipStatusChanged { output["friendshipStatusChanged"] = changed }
                Console.json(output)
            } else {
                Console.out(
                    "Logged in\(result.userProfile.map { " as \(TerminalText.field($0.displayName)) (\(TerminalText.field($0.userID)))" } ?? "")."
                )
                TokenSummary.lines(result.accessToken).forEach(Console.out)
            }
        }
    }
}
#endif
