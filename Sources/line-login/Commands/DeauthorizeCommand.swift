#if CLI
import ArgumentParser
import Foundation
import LineLoginServer
import LineSDK
import OAuthEngine

/// `line-login deauthorize`: what LINE requires when a user withdraws from a service, for the stored login.
struct DeauthorizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deauthorize",
        abstract: "End what you authorized for the channel at LINE (as a service must when a user withdraws), then forget the login.",
        discussion: "Needs the channel secret in $LINE_CHANNEL_SECRET (never as an argument: arguments show in ps and shell history).")

    @OptionGroup var session: SessionOptions

    func run() async throws {
        try await reportingFailures(session.diagnostics) {
            guard let secret = ChannelSecret.resolve() else {
                throw CommandFailure("Deauthorizing needs the channel secret: set LINE_CHANNEL_SECRET.", exit: .usage)
            }
            let manager = try session.makeSessionManager()
            guard let token = manager.accessTokenStore.current else { throw CommandFailure.notLoggedIn }
            let (channelID, platform) = (try session.resolvedChannelID(), try session.resolvedPlatform())
            let deauthorizer: LineDeauthorizer
            do throws(LineServerConfigurationError) {
                deauthorizer = try LineDeauthorizer(
                    channelID: channelID, channelSecret: secret, platform: platform,
                    transport: session.diagnostics.transport())
            } catch { throw CommandFailure(error.description, exit: .usage) }
            do throws(OAuthError) { try await deauthorizer.deauthorize(userAccessToken: token.value) } catch {
                throw Self.failure(error)
            }
            // The tokens are dead at LINE now: forget them here (a revoke answered 400 counts as done).
            try? await manager.logout()
            if session.json {
                Console.json(["deauthorized": true])
            } else {
                Console.out("Deauthorized at LINE; the login is forgotten here.")
            }
        }
    }

    private static func failure(_ error: OAuthError) -> CommandFailure {
        if case .server(let server) = error {
            if server.hasCode("invalid_client") {
                return CommandFailure(
                    "LINE refused the channel ID and secret: check LINE_CHANNEL_SECRET and --channel-id.",
                    exit: .usage, underlying: error)
            }
            if HTTPResponse.isRefusal(statusCode: server.statusCode) {
                return CommandFailure(
                    "LINE no longer accepts the stored login (already deauthorized, revoked or expired). "
                        + "Run `line-login logout` to forget it.", exit: .checkFailed, underlying: error)
            }
        }
        return CommandFailure(OAuthErrorText.describe(error), exit: .network, underlying: error)
    }
}
#endif
