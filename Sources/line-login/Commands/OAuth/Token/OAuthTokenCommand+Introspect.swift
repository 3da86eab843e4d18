#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

extension OAuthTokenCommand {
    /// `line-login oauth token introspect`.
    struct Introspect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask the provider whether the access (or refresh) token is active (RFC 7662).")
        @OptionGroup var options: OAuthOptions
        @Flag(name: .customLong("refresh"), help: "Introspect the refresh token instead.")
        var refreshToken = false

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingOAuthFailures(options.diagnostics) {
                let client = try await options.makeClient()
                let result = try await client.introspect(refreshToken ? .refreshToken : .accessToken)
                if options.json {
                    Console.json(OAuthTokenSummary.introspection(result))
                } else {
                    Console.out(result.isActive ? "Active." : "Not active.")
                    if let scopes = result.scopes { Console.out("scopes:  \(TerminalText.field(scopes.joined(separator: " ")))") }
                    if let subject = result.subject { Console.out("user ID: \(TerminalText.field(subject))") }
                    if let expiresAt = result.expiresAt { Console.out("expires: \(ISO8601DateFormatter().string(from: expiresAt))") }
                }
            }
        }
    }
}
#endif
