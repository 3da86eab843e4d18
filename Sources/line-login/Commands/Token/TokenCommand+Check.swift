#if CLI
import ArgumentParser
import Foundation

extension TokenCommand {
    /// The provider's own check of a token: `token verify` (LINE's verify endpoint) or
    /// `oauth token introspect` (RFC 7662).
    struct Check: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: Options.text.checkName, abstract: Options.text.checkAbstract)
        }
        @OptionGroup var options: Options
        @OptionGroup var check: Options.Session.CheckOptions

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingFailures(options.diagnostics) {
                try await options.openSession(.calling).check(check).write(json: options.json)
            }
        }
    }
}
#endif
