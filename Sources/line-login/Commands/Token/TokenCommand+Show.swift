#if CLI
import ArgumentParser
import Foundation

extension TokenCommand {
    /// `token show`.
    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "show", abstract: Options.text.showAbstract)
        }
        @OptionGroup var options: Options
        @Flag(help: ArgumentHelp(Options.text.revealHelp))
        var reveal = false

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingFailures(options.diagnostics) {
                let session = try await options.openSession(.reading)
                guard let tokens = try await session.current() else { throw session.notLoggedIn }
                if options.json || reveal {
                    Console.json(tokens.summary(reveal: reveal))
                } else {
                    if let heading = tokens.heading { Console.out(heading) }
                    tokens.lines.forEach(Console.out)
                }
            }
        }
    }
}
#endif
