#if CLI
import ArgumentParser
import EmulatorBrowser
import Foundation
import LineLoginEmulator
import LineSDK
import OAuthEngine

/// `line-login demo`: the whole LINE Login flow through `LineSDK` against the in-process emulator.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the real LineSDK flow end to end against an in-process LINE emulator (no account, no network).")

    @Flag(help: "Print a JSON summary on stdout instead of the profile.")
    var json = false

    @Flag(name: .customLong("show-http"), help: "Also print each HTTP exchange (method, path, status, time).")
    var showHTTP = false

    func run() async throws {
        var demo = Demo(showHTTP: showHTTP, resultsOnStdout: !json)
        let passed = await demo.run()
        if json {
            Console.json([
                "passed": passed, "steps": demo.steps.map { ["name": $0.name, "ok": $0.ok, "ms": $0.milliseconds] },
                "profile": demo.profile ?? [:],
            ])
        }
        if !passed { throw CLIExit.checkFailed.exitCode }
    }
}

/// The demo's script; each step is timed and printed, and the run stops at the first failure.
struct Demo {
    struct StepRecord {
        let name: String
        let ok: Bool
        let milliseconds: Double
    }

    let showHTTP: Bool
    /// Results (each step, the profile, the verdict) go to stdout, progress to stderr; with `--json` stdout
    /// holds only the JSON summary, so results go to stderr too.
    var resultsOnStdout = true
    var steps: [StepRecord] = []
    var profile: [String: Any]?

    init(showHTTP: Bool, resultsOnStdout: Bool = true) {
        self.showHTTP = showHTTP
        self.resultsOnStdout = resultsOnStdout
    }

    mutating func run() async -> Bool {
        let emulator = LineLoginEmulator()
        defer { Task { await emulator.shutdown() } }
        do {
            let baseURL = try await step("start the emulator on loopback") { () async throws -> String in
                try await emulator.start(host: "127.0.0.1", port: 0).absoluteString
            }
            guard let base = URL(string: baseURL), let channel = emulator.configuration.channels.first,
                let user = emulator.configuration.users.first, let email = user.email
            else {
                throw DemoFailure("the emulator has no channel or user")
            }
            let showHTTP = self.showHTTP
            let transport = TracingTransport(base: URLSessionTransport()) { method, path, status, duration in
                if showHTTP {
                    Console.progress("      \(method) \(path) → \(status.map(String.init) ?? "failed")  \(Console.milliseconds(duration))")
                }
            }
            _ = try await step("discovery: issuer and endpoints") { () async throws -> String in
                let document = try await DiscoveryDocument.fetch(issuer: base.absoluteString.trimmingSuffix("/"), transport: transport)
                return document.issuer
            }
            let browser = ScriptedBrowser(email: email, password: user.password, decision: .allow(addFriend: true), transport: transport) {
                step in
                Console.progress("    · \(step.name)  \(Console.milliseconds(step.duration))")
            }
            let manager = try LoginManager(
                configuration: LoginConfiguration(
                    channelID: channel.channelID, platform: .custom(baseURL: base), tokenStore: MemoryTokenStore(),
                    transport: transport, userAgent: browser))
            var parameters = LoginManager.Parameters()
            parameters.botPromptStyle = .normal
            let result = try await step("login: authorize → consent → callback → token → ID token → profile") {
                () async throws -> LoginResult in
                try await manager.login(permissions: [.profile, .openID, .email], parameters: parameters)
            }
            guard let idToken = result.accessToken.IDToken, let loginProfile = result.userProfile else {
                throw DemoFailure("the login returned no ID token or profile")
            }
            record(
                "ID token valid: \(idToken.header.algorithm), kid \(idToken.header.keyID ?? "-"), iss/aud/exp/iat/nonce checked, sub = profile user ID",
                ok: true, milliseconds: 0)
            let api = try manager.api
            let friendship = try await step("friendship status with the linked official account") { () async throws -> String in
                let status = try await api.getBotFriendshipStatus()
                return status.friendFlag ? "friend" : "not a friend"
            }
            _ = friendship
            _ = try await step("verify the access token (channel, expires_in)") { () async throws -> String in
                let verified = try await api.verifyAccessToken()
                guard ExactMatch.equals(verified.channelID, channel.channelID), verified.expiresIn > 0 else {
                    throw DemoFailure("verify returned another channel or an expired token")
                }
                return "channel \(verified.channelID), \(Seconds.whole(verified.expiresIn)) s left"
            }
            let before = result.accessToken.value
            _ = try await step("refresh the access token") { () async throws -> String in
                let refreshed = try await api.refreshAccessToken()
                guard refreshed.value != before, refreshed.IDTokenRaw == result.accessToken.IDTokenRaw else {
                    throw DemoFailure("refresh did not issue a new access token or lost the ID token")
                }
                return "new token, expires \(ISO8601DateFormatter().string(from: refreshed.expiresAt))"
            }
            let refreshedValue = manager.accessTokenStore.current?.value
            _ = try await step("logout: revoke refresh + access token, forget locally") { () async throws -> String in
                try await manager.logout()
                guard !manager.isAuthorized else { throw DemoFailure("still authorized after logout") }
                return "logged out"
            }
            _ = try await step("the revoked token is refused by verify") { () async throws -> String in
                do {
                    _ = try await api.verifyAccessToken(refreshedValue)
                    throw DemoFailure("verify accepted a revoked token")
                } catch let error as LineSDKError where error.isBadRequest {
                    return "HTTP 400 as expected"
                }
            }
            profile = [
                "userID": loginProfile.userID, "displayName": loginProfile.displayName,
                "pictureURL": loginProfile.pictureURL?.absoluteString ?? "", "statusMessage": loginProfile.statusMessage ?? "",
                "email": idToken.payload.email ?? "", "friendshipStatusChanged": result.friendshipStatusChanged ?? false,
            ]
            show("")
            show("Profile")
            show("  user ID:        \(loginProfile.userID)")
            show("  display name:   \(loginProfile.displayName)")
            show("  picture:        \(loginProfile.pictureURL?.absoluteString ?? "-")")
            show("  status message: \(loginProfile.statusMessage ?? "-")")
            show("  email:          \(idToken.payload.email ?? "-")")
            show("  friendship changed at login: \(result.friendshipStatusChanged.map { $0 ? "yes" : "no" } ?? "-")")
            show("")
            show("All \(steps.count) steps passed.")
            return true
        } catch {
            Console.error("demo failed: \(error)")
            return false
        }
    }

    private mutating func step<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let value = try await body()
            let elapsed = clock.now - start
            let detail = (value as? String).map { ": \($0)" } ?? ""
            record(name + detail, ok: true, milliseconds: Self.ms(elapsed))
            return value
        } catch {
            record(name, ok: false, milliseconds: Self.ms(clock.now - start))
            throw error
        }
    }

    private func show(_ line: String) {
        if resultsOnStdout { Console.out(line) } else { Console.progress(line) }
    }

    private mutating func record(_ name: String, ok: Bool, milliseconds: Double) {
        steps.append(StepRecord(name: name, ok: ok, milliseconds: milliseconds))
        let time = milliseconds > 0 ? String(format: "%7.1f ms", milliseconds) : ""
        show("\(ok ? "✓" : "✗") \(name)  \(time)")
    }

    private static func ms(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

struct DemoFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
#endif
