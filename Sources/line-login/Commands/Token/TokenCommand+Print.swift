#if CLI
import ArgumentParser
import Foundation

extension TokenCommand {
    /// `token print`.
    struct Print: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "print", abstract: Options.text.printAbstract, discussion: Options.text.printDiscussion)
        }
        @OptionGroup var options: Options
        @Flag(help: "Confirm that the token may be printed.")
        var reveal = false

        func validate() throws {
            try options.validateOptions()
            if !reveal { throw ValidationError(Options.text.printNeedsReveal) }
        }

        func run() async throws {
            try await reportingFailures(options.diagnostics) {
                let session = try await options.openSession(.reading)
                guard let tokens = try await session.current() else { throw session.notLoggedIn }
                Console.value(tokens.accessToken)
            }
        }
    }
}
#endif
