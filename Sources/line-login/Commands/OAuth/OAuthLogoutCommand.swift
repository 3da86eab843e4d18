import ArgumentParser
import Foundation
import OAuthEngine

/// `line-login oauth logout`: revoke the session's tokens and forget them.
struct OAuthLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Revoke the refresh and access tokens and forget them (forgotten even if revocation fails).")

    @OptionGroup var options: OAuthOptions

    func validate() throws { try options.validateOptions() }

    func run() async throws {
        try await reportingOAuthFailures {
            guard options.hasClient else {
                if options.json { Console.json(["loggedOut": true, "wasLoggedIn": false]) } else { Console.out("Not logged in.") }
                return
            }
            let client = try await options.makeClient()
            guard await client.session.current() != nil else {
                if options.json { Console.json(["loggedOut": true, "wasLoggedIn": false]) } else { Console.out("Not logged in.") }
                return
            }
            do throws(OAuthError) { try await client.signOut() } catch {
                // The session is forgotten either way; say that revocation failed.
                Console.error("signed out locally, but revocation failed: \(OAuthErrorText.describe(error))")
                throw CLIExit.network.exitCode
            }
            if options.json { Console.json(["loggedOut": true]) } else { Console.out("Logged out.") }
        }
    }
}
