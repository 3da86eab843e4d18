#if CLI
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
        try await reportingOAuthFailures(options.diagnostics) {
            guard options.hasClient else {
                if options.json { Console.json(["loggedOut": true, "wasLoggedIn": false]) } else { Console.out("Not logged in.") }
                return
            }
            let client = try await options.makeClient()
            guard await client.session.current() != nil else {
                if options.json { Console.json(["loggedOut": true, "wasLoggedIn": false]) } else { Console.out("Not logged in.") }
                return
            }
            let revocable = client.configuration.endpoints.revocationEndpoint != nil
            do throws(OAuthError) { try await client.signOut() } catch {
                // The session is forgotten either way; say that revocation failed.
                if options.json { Console.json(["loggedOut": true, "revoked": false]) }
                Console.error(
                    "Logged out on this machine (the tokens are forgotten), but the provider could not revoke them: "
                        + "\(OAuthErrorText.describe(error)). They stop working when they expire.")
                throw CLIExit.network.exitCode
            }
            if options.json {
                Console.json(["loggedOut": true, "revoked": revocable])
            } else if revocable {
                Console.out("Logged out.")
            } else {
                Console.out(
                    "Logged out on this machine: the tokens are forgotten. The provider offers no revocation endpoint, "
                        + "so they stay valid there until they expire.")
            }
        }
    }
}
#endif
