#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

extension TokenCommand {
    /// `line-login token refresh`.
    struct Refresh: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Refresh the access token now.")
        @OptionGroup var session: SessionOptions

        func run() async throws {
            try await reportingFailures(session.diagnostics) {
                let token = try await session.makeSessionManager().api.refreshAccessToken()
                if session.json {
                    Console.json(TokenSummary.dictionary(token))
                } else {
                    Console.out("Refreshed.")
                    TokenSummary.lines(token).forEach(Console.out)
                }
            }
        }
    }
}
#endif
