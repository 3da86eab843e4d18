#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// `line-login token show|refresh|verify|revoke`.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Inspect, refresh, verify or revoke your access token.",
        subcommands: [Show.self, Print.self, Refresh.self, Verify.self, Revoke.self])
}
#endif
