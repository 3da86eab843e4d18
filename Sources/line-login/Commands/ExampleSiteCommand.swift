import ArgumentParser

/// `line-login example-site`: the server-rendered example site (being built; see issue 4).
struct ExampleSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "example-site", abstract: "Run the example web site with Log in with LINE.", shouldDisplay: false)
}
