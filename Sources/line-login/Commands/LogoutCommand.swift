#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// `line-login logout`: revoke and forget the session.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Revoke your tokens and forget them.")

    @OptionGroup var session: SessionOptions

    func run() async throws {
        try await reportingFailures(session.diagnostics) {
            let manager = try session.makeSessionManager()
            guard manager.isAuthorized else {
                if session.json { Console.json(["loggedOut": true, "wasLoggedIn": false]) } else { Console.out("Not logged in.") }
                return
            }
            do throws(LineSDKError) { try await manager.logout() } catch {
                // LINE refusing the token (4xx) means it is already dead there: nothing left to revoke.
                if error.isVerdictOnToken {
                    if session.json { Console.json(["loggedOut": true, "revoked": true]) } else { Console.out("Logged out.") }
                    return
                }
                // The session is forgotten here whatever LINE answered; say what did not happen there.
                if session.json { Console.json(["loggedOut": true, "revoked": false]) }
                throw CommandFailure(
                    "Logged out on this machine (the tokens are forgotten), but LINE could not be asked to revoke them "
                        + "(\(error.description)). They stop working when they expire.", exit: .network)
            }
            if session.json { Console.json(["loggedOut": true, "revoked": true]) } else { Console.out("Logged out.") }
        }
    }
}
#endif
