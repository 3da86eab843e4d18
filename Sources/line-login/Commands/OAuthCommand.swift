import ArgumentParser

/// `line-login oauth …`: sign in with any OpenID Connect provider (being built; see issue 5).
struct OAuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "oauth", abstract: "Sign in with LinkedIn or any OpenID Connect issuer.", shouldDisplay: false)
}
