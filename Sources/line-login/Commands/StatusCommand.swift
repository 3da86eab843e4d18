#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// `line-login status`: whether a session is stored, and its expiry.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show whether you are logged in, to which channel and platform (exit 3 if not).")

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
                if let accepted {
                    Console.out(accepted ? "The platform accepts the access token." : "The platform no longer accepts the access token.")
                }
            }
            if accepted == false {
                throw CommandFailure(
                    "The platform no longer accepts the stored access token (revoked or expired there). "
                        + "Run `line-login token refresh`, or `line-login login` to start again.", exit: .checkFailed)
            }
        }
    }
}
#endif
