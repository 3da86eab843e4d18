#if CLI
import ArgumentParser
import Foundation

extension TokenCommand {
    /// `token revoke`.
    struct Revoke: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "revoke", abstract: Options.text.revokeAbstract, discussion: Options.text.revokeDiscussion)
        }
        @OptionGroup var options: Options
        @Flag(name: .customLong("refresh"), help: "Revoke the refresh token instead.")
        var refreshToken = false

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingFailures(options.diagnostics) {
                try await options.openSession(.calling).revoke(refreshToken: refreshToken).write(json: options.json)
            }
        }
    }
}
#endif
