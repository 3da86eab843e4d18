#if CLI
import ArgumentParser

/// `line-login oauth …`: sign in with LinkedIn or any OpenID Connect issuer through the same engine
/// as LINE Login, and manage the session's tokens.
struct OAuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oauth",
        abstract: "Sign in with LinkedIn or any OpenID Connect issuer.",
        discussion: """
            `login` discovers the issuer (or uses LinkedIn's endpoints with --provider linkedin), signs in \
            through the system browser and a loopback redirect (PKCE, state, nonce; the ID token validated), \
            and keeps the tokens under --store-dir. The other commands use the last login's issuer and \
            client unless told otherwise. A client secret is never stored: pass --client-secret or set \
            OAUTH_CLIENT_SECRET for a confidential client.
            """,
        subcommands: [OAuthLoginCommand.self, OAuthTokenCommand.self, OAuthUserinfoCommand.self, OAuthLogoutCommand.self])
}
#endif
