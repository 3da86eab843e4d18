#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

extension OAuthTokenCommand {
    /// `line-login oauth token show`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the stored tokens' scopes, expiry and ID-token claims (exit 3 if none).")
        @OptionGroup var options: OAuthOptions
        @Flag(help: "Also print the tokens (they are secrets: mind your terminal history and logs).")
        var reveal = false

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingOAuthFailures(options.diagnostics) {
                guard options.hasClient else { throw CommandFailure(oauth: .notSignedIn) }
                let client = try await options.makeClient()
                guard let tokens = await client.session.current() else { throw CommandFailure(oauth: .notSignedIn) }
                let configuration = client.configuration
                if options.json || reveal {
                    Console.json(
                        OAuthTokenSummary.dictionary(
                            tokens, issuer: configuration.endpoints.issuer, clientID: configuration.clientID, reveal: reveal))
                } else {
                    Console.out("Signed in to \(configuration.endpoints.issuer) as client \(configuration.clientID).")
                    OAuthTokenSummary.lines(tokens).forEach(Console.out)
                }
            }
        }
    }
}
#endif
