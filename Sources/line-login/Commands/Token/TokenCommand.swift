#if CLI
import ArgumentParser
import Foundation

/// `line-login token show|print|refresh|verify|revoke` (LINE, over ``SessionOptions``) and
/// `line-login oauth token show|print|refresh|introspect|revoke` (any provider, over ``OAuthOptions``):
/// one tree, written once over ``TokenSessionOptions``.
struct TokenCommand<Options: TokenSessionOptions>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "token", abstract: Options.text.abstract,
            subcommands: [Show.self, Print.self, Refresh.self, Check.self, Revoke.self])
    }
}

/// `line-login token …`.
typealias LineTokenCommand = TokenCommand<SessionOptions>

/// `line-login oauth token …`.
typealias OAuthTokenCommand = TokenCommand<OAuthOptions>
#endif
