import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// `line-login login`: the terminal user's LINE login through the system browser and a loopback redirect.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "login", abstract: "Log in with LINE in the system browser (loopback redirect).")

    @OptionGroup var session: SessionOptions

    @Option(name: .customLong("scope"), parsing: .upToNextOption, help: "Permissions (scopes): profile openid email … (default: profile openid).")
    var scopes: [String] = ["profile", "openid"]

    @Option(name: .customLong("redirect-port"), help: "Listen on this loopback port (must match the channel's registered callback URL).")
    var redirectPort: Int?

    @Flag(name: .customLong("no-browser"), help: "Print the login URL instead of opening a browser; on a terminal, the address the browser ended on may also be pasted (a browser on another machine).")
    var noBrowser = false

    @Option(name: .customLong("bot-prompt"), help: "Offer the linked official account: normal or aggressive.")
    var botPrompt: String?

    @Option(help: "Seconds to wait for the browser.")
    var timeout: Int = 300

    func validate() throws {
        if let redirectPort { try PortOption.check(redirectPort, option: "--redirect-port", allowsAnyFreePort: false) }
        if let botPrompt, LoginManager.Parameters.BotPrompt(rawValue: botPrompt) == nil { throw ValidationError("--bot-prompt must be normal or aggressive") }
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
        seconds >= 60 && seconds % 60 == 0 ? "\(seconds / 60) minute\(seconds == 60 ? "" : "s")" : "\(seconds) second\(seconds == 1 ? "" : "s")"
    }

    /// The permissions LINE's SDK knows (`LoginPermission`); anything else LINE refuses at its login page.
    static let knownPermissions: [LoginPermission] = [
        .openID, .profile, .email, .friends, .groups, .messageWrite, .oneTimeShare, .openChatInfo, .openChatTermStatus,
        .openChatRoomCreateAndJoin, .phone, .gender, .birthdate, .address, .realName, .openChatPlugManagement,
        .openChatPlugInfo, .openChatPlugProfile, .openChatPlugSendMessage, .openChatPlugReceiveMessageEvent,
    ]

    func run() async throws {
        try await reportingFailures(session.diagnostics) {
            let loopback = LoopbackUserAgent(port: redirectPort, timeout: .seconds(timeout),
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
            try await PlatformProbe.checkChannel(platform, channelID: try session.resolvedChannelID(),
                                                 redirectURI: redirect ?? Self.anyPortCallback, transport: session.diagnostics.transport())
            Console.progress("Waiting up to \(Self.duration(timeout)) for the login in the browser (Ctrl-C to stop)…")
            let permissions = Set(scopes.map(LoginPermission.init(rawValue:)))
            let login = Task { () async throws(LineSDKError) -> LoginResult in
                try await manager.login(permissions: permissions, parameters: parameters)
            }
            // Ctrl-C stops the login (the listener closes) and exits as "cancelled", not killed by the signal.
            let interrupt = SignalWatcher(signals: [SIGINT, SIGTERM]) { login.cancel() }
            defer { interrupt.stop() }
            let result: LoginResult
            do { result = try await login.value } catch {
                guard case .untypedError(let underlying as UserAgentError)? = error as? LineSDKError, underlying == .timedOut else { throw error }
                let callback = redirect?.absoluteString ?? "http://127.0.0.1:PORT/callback"
                throw CommandFailure("No login came back within \(Self.duration(timeout)). Likely causes: the browser showed an error "
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
                Console.out("Logged in\(result.userProfile.map { " as \($0.displayName) (\($0.userID))" } ?? "").")
                TokenSummary.lines(result.accessToken).forEach(Console.out)
            }
        }
    }
}

/// `line-login status`: whether a session is stored, and its expiry.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show whether you are logged in, to which channel and platform (exit 3 if not).")

    @OptionGroup var session: SessionOptions

    @Flag(help: "Also ask the platform whether it still accepts the access token (exit 1 if not, 4 if it can't be reached).")
    var online = false

    func run() async throws {
        try await reportingFailures(session.diagnostics) {
            // No channel at all (a fresh machine) is simply "not logged in".
            let manager = session.hasChannel ? try session.makeManager() : nil
            if let problem = manager?.tokenStoreError {
                Console.error("The stored session could not be read (\(problem)); it counts as logged out.")
            }
            guard let manager, let token = manager.accessTokenStore.current else {
                if session.json { Console.json(["loggedIn": false]) } else { Console.out("Not logged in.") }
                throw CommandFailure.notLoggedIn
            }
            let channelID = try session.resolvedChannelID()
            let platform = try session.resolvedPlatform().issuer
            var accepted: Bool?
            if online {
                do throws(LineSDKError) {
                    let result = try await manager.api.verifyAccessToken()
                    accepted = ExactMatch.equals(result.channelID, channelID) && result.expiresIn > 0
                } catch {
                    // Only LINE's verdict on the token (4xx) is an answer; anything else is "could not ask".
                    guard error.isVerdictOnToken else { throw CommandFailure(error) }
                    accepted = false
                }
            }
            if session.json {
                var output = TokenSummary.dictionary(token)
                output["loggedIn"] = true
                output["channelID"] = channelID
                output["platform"] = platform
                if let accepted { output["acceptedByPlatform"] = accepted }
                Console.json(output)
            } else {
                Console.out("Logged in to channel \(channelID) on \(platform).")
                TokenSummary.lines(token).forEach(Console.out)
                if let accepted { Console.out(accepted ? "The platform accepts the access token." : "The platform no longer accepts the access token.") }
            }
            if accepted == false {
                throw CommandFailure("The platform no longer accepts the stored access token (revoked or expired there). "
                                     + "Run `line-login token refresh`, or `line-login login` to start again.", exit: .checkFailed)
            }
        }
    }
}

/// `line-login profile`: the user's LINE profile.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "profile", abstract: "Show your LINE profile.")

    @OptionGroup var session: SessionOptions

    func run() async throws {
        try await reportingFailures(session.diagnostics) {
            let profile = try await session.makeSessionManager().api.getProfile()
            if session.json { Console.json(TokenSummary.profile(profile)) } else {
                Console.out("\(profile.displayName) (\(profile.userID))")
                if let picture = profile.pictureURL { Console.out("picture: \(picture.absoluteString)") }
                if let status = profile.statusMessage { Console.out("status:  \(status)") }
            }
        }
    }
}

/// `line-login logout`: revoke and forget the session.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Revoke your tokens and forget them.")

    @OptionGroup var session: SessionOptions

    func run() async throws {
        try await reportingFailures(session.diagnostics) {
            let manager = try session.makeSessionManager()
            guard manager.isAuthorized else {
                if session.json { Console.json(["loggedOut": true, "wasLoggedIn": false]) } else { Console.out("Not logged in.") }
                return
            }
            do throws(LineSDKError) { try await manager.logout() } catch {
                // LINE refusing the token (4xx) means it is already dead there: nothing left to revoke.
                if error.isVerdictOnToken {
                    if session.json { Console.json(["loggedOut": true, "revoked": true]) } else { Console.out("Logged out.") }
                    return
                }
                // The session is forgotten here whatever LINE answered; say what did not happen there.
                if session.json { Console.json(["loggedOut": true, "revoked": false]) }
                throw CommandFailure("Logged out on this machine (the tokens are forgotten), but LINE could not be asked to revoke them "
                                     + "(\(error.description)). They stop working when they expire.", exit: .network)
            }
            if session.json { Console.json(["loggedOut": true, "revoked": true]) } else { Console.out("Logged out.") }
        }
    }
}
