import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// `line-login token show|refresh|verify|revoke`.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Inspect, refresh, verify or revoke your access token.",
        subcommands: [Show.self, Print.self, Refresh.self, Verify.self, Revoke.self])

    struct Print: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the bare access token, for scripts: `curl -H \"Authorization: Bearer $(line-login token print --reveal)\" …`.",
            discussion: "The token is a secret: --reveal is required, as with `token show --reveal`, the only other command that prints it.")
        @OptionGroup var session: SessionOptions
        @Flag(help: "Confirm that the token may be printed.")
        var reveal = false

        func validate() throws {
            if !reveal { throw ValidationError("token print writes the access token itself to stdout: add --reveal to confirm.") }
        }

        func run() async throws {
            try await reportingFailures(session.diagnostics) {
                guard let token = try session.makeSessionManager().accessTokenStore.current else { throw CommandFailure.notLoggedIn }
                Console.out(token.value)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the stored token's permissions, expiry and ID-token claims.")
        @OptionGroup var session: SessionOptions
        @Flag(help: "Also print the access token and raw ID token (they are secrets: mind your terminal history and logs).")
        var reveal = false

        func run() async throws {
            try await reportingFailures(session.diagnostics) {
                guard let token = try session.makeSessionManager().accessTokenStore.current else { throw CommandFailure.notLoggedIn }
                if session.json || reveal { Console.json(TokenSummary.dictionary(token, reveal: reveal)) } else { TokenSummary.lines(token).forEach(Console.out) }
            }
        }
    }

    struct Refresh: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Refresh the access token now.")
        @OptionGroup var session: SessionOptions

        func run() async throws {
            try await reportingFailures(session.diagnostics) {
                let token = try await session.makeSessionManager().api.refreshAccessToken()
                if session.json { Console.json(TokenSummary.dictionary(token)) } else {
                    Console.out("Refreshed.")
                    TokenSummary.lines(token).forEach(Console.out)
                }
            }
        }
    }

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Verify the access token with LINE (channel, permissions, remaining life).")
        @OptionGroup var session: SessionOptions

        func run() async throws {
            try await reportingFailures(session.diagnostics) {
                let result: AccessTokenVerifyResult
                do { result = try await session.makeSessionManager().api.verifyAccessToken() } catch let error as LineSDKError {
                    // LINE's 400/401 is its verdict on the token (revoked, expired, unknown): a check that
                    // failed, not a network problem.
                    guard error.isVerdictOnToken else { throw error }
                    if session.json { Console.json(["valid": false, "error": "invalid_token"]) }
                    throw CommandFailure("LINE says the access token is not valid (revoked or expired). "
                                         + "Run `line-login token refresh`, or `line-login login` to start again.", exit: .checkFailed)
                }
                let channel = try session.resolvedChannelID()
                let valid = ExactMatch.equals(result.channelID, channel) && result.expiresIn > 0
                if session.json {
                    Console.json(["valid": valid, "channelID": result.channelID, "permissions": result.permissions.map(\.rawValue), "expiresIn": Seconds.whole(result.expiresIn)])
                } else {
                    Console.out("\(valid ? "Valid" : "NOT valid for this channel"): channel \(result.channelID), permissions \(result.permissions.map(\.rawValue).joined(separator: " ")), expires \(Seconds.relative(result.expiresIn))")
                }
                if !valid { throw CommandFailure("token was issued to channel \(result.channelID), not \(channel)", exit: .checkFailed) }
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke the access token (or, with --refresh, the refresh token) and forget the session.")
        @OptionGroup var session: SessionOptions
        @Flag(name: .customLong("refresh"), help: "Revoke the refresh token instead.")
        var refreshToken = false

        func run() async throws {
            try await reportingFailures(session.diagnostics) {
                let api = try session.makeSessionManager().api
                if refreshToken { try await api.revokeRefreshToken() } else { try await api.revokeAccessToken() }
                if session.json { Console.json(["revoked": true]) } else { Console.out("Revoked.") }
            }
        }
    }
}
