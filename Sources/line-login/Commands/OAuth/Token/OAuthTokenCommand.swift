#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

/// `line-login oauth token show|refresh|introspect|revoke`.
struct OAuthTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Show, refresh, introspect or revoke the session's tokens.",
        subcommands: [Show.self, Print.self, Refresh.self, Introspect.self, Revoke.self])
}
#endif
