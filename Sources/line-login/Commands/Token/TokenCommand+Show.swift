#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

extension TokenCommand {
    /// `line-login token show`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the stored token's permissions, expiry and ID-token claims.")
        @OptionGroup var session: SessionOptions
        @Flag(help: "Also print the access token and raw ID token (they are secrets: mind your terminal history and logs).")
        var reveal = false

        func run() async throws {
            try await reportingFailures(session.diagnostics) {
                guard let token = try session.makeSessionManager().accessTokenStore.current else { throw CommandFailure.notLoggedIn }
                if session.json || reveal {
                    Console.json(TokenSummary.dictionary(token, reveal: reveal))
                } else {
                    TokenSummary.lines(token).forEach(Console.out)
                }
            }
        }
    }
}
#endif
