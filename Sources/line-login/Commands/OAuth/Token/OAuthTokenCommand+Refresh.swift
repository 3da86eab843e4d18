#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

extension OAuthTokenCommand {
    /// `line-login oauth token refresh`.
    struct Refresh: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Refresh the access token now.")
        @OptionGroup var options: OAuthOptions

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingOAuthFailures(options.diagnostics) {
                let client = try await options.makeClient()
                let tokens = try await client.refresh()
                if options.json {
                    Console.json(
                        OAuthTokenSummary.dictionary(
                            tokens, issuer: client.configuration.endpoints.issuer, clientID: client.configuration.clientID))
                } else {
                    Console.out("Refreshed.")
                    OAuthTokenSummary.lines(tokens).forEach(Console.out)
                }
            }
        }
    }
}
#endif
