#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

extension TokenCommand {
    /// `line-login token print`.
    struct Print: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the bare access token, for scripts: `curl -H \"Authorization: Bearer $(line-login token print --reveal)\" …`.",
            discussion: "The token is a secret: --reveal is required, as with `token show --reveal`, the only other command that prints it."
        )
        @OptionGroup var session: SessionOptions
        @Flag(help: "Confirm that the token may be printed.")
        var reveal = false

        func validate() throws {
            if !reveal { throw ValidationError("token print writes the access token itself to stdout: add --reveal to confirm.") }
        }

        func run() async throws {
            try await reportingFailures(session.diagnostics) {
                guard let token = try session.makeSessionManager().accessTokenStore.current else { throw CommandFailure.notLoggedIn }
                Console.value(token.value)
            }
        }
    }
}
#endif
