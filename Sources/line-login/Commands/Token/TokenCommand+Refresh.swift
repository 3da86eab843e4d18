#if CLI
import ArgumentParser
import Foundation

extension TokenCommand {
    /// `token refresh`.
    struct Refresh: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "refresh", abstract: "Refresh the access token now.")
        }
        @OptionGroup var options: Options

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingFailures(options.diagnostics) {
                let tokens = try await options.openSession(.calling).refresh()
                if options.json {
                    Console.json(tokens.summary(reveal: false))
                } else {
                    Console.out("Refreshed.")
                    tokens.lines.forEach(Console.out)
                }
            }
        }
    }
}
#endif
