#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

extension TokenCommand {
    /// `line-login token verify`.
    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Verify the access token with LINE (channel, permissions, remaining life).")
        @OptionGroup var session: SessionOptions

        func run() async throws {
            try await reportingFailures(session.diagnostics) {
                let result: AccessTokenVerifyResult
                do { result = try await session.makeSessionManager().api.verifyAccessToken() } catch let error as LineSDKError {
                    // LINE's 400/401 is its verdict on the token (revoked, expired, unknown): a check that
                    // failed, not a network problem.
                    guard error.isVerdictOnToken else { throw error }
                    if session.json { Console.json(["valid": false, "error": "invalid_token"]) }
                    throw CommandFailure(
                        "LINE says the access token is not valid (revoked or expired). "
                            + "Run `line-login token refresh`, or `line-login login` to start again.", exit: .checkFailed)
                }
                let channel = try session.resolvedChannelID()
                let valid = ExactMatch.equals(result.channelID, channel) && result.expiresIn > 0
                if session.json {
                    Console.json([
                        "valid": valid, "channelID": result.channelID, "permissions": result.permissions.map(\.rawValue),
                        "expiresIn": Seconds.whole(result.expiresIn),
                    ])
                } else {
                    Console.out(
                        "\(valid ? "Valid" : "NOT valid for this channel"): channel \(TerminalText.field(result.channelID)), permissions \(TerminalText.field(result.permissions.map(\.rawValue).joined(separator: " "))), expires \(Seconds.relative(result.expiresIn))"
                    )
                }
                if !valid {
                    throw CommandFailure(
                        "token was issued to channel \(TerminalText.field(result.channelID)), not \(channel)", exit: .checkFailed)
                }
            }
        }
    }
}
#endif
