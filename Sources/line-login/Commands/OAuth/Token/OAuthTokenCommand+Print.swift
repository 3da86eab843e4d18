#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

extension OAuthTokenCommand {
    /// `line-login oauth token print`.
    struct Print: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the bare access token, for scripts (`$(line-login oauth token print --reveal)`).",
            discussion:
                "The token is a secret: --reveal is required, as with `oauth token show --reveal`, the only other command that prints it.")
        @OptionGroup var options: OAuthOptions
        @Flag(help: "Confirm that the token may be printed.")
        var reveal = false

        func validate() throws {
            try options.validateOptions()
            if !reveal { throw ValidationError("oauth token print writes the access token itself to stdout: add --reveal to confirm.") }
        }

        func run() async throws {
            try await reportingOAuthFailures(options.diagnostics) {
                guard options.hasClient else { throw CommandFailure(oauth: .notSignedIn) }
                let client = try await options.makeClient()
                guard let tokens = await client.session.current() else { throw CommandFailure(oauth: .notSignedIn) }
                Console.value(tokens.accessToken)
            }
        }
    }
}
#endif
