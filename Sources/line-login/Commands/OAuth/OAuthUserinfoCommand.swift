#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

/// `line-login oauth userinfo`: the provider's userinfo for the session (its `sub` checked against the ID token).
struct OAuthUserinfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "userinfo", abstract: "Show the signed-in user's claims from the userinfo endpoint.")

    @OptionGroup var options: OAuthOptions

    func validate() throws { try options.validateOptions() }

    func run() async throws {
        try await reportingOAuthFailures(options.diagnostics) {
            let client = try await options.makeClient()
            let claims = try await client.userinfo()
            let object = claims.mapValues(OAuthTokenSummary.foundation)
            if options.json {
                Console.json(object)
            } else {
                for name in claims.keys.sorted() {
                    let value = claims[name].map(OAuthTokenSummary.foundation) ?? ""
                    Console.out("\(TerminalText.field(name)): \(TerminalText.field("\(value)"))")
                }
            }
        }
    }
}
#endif
