#if CLI
import ArgumentParser
import Foundation
import LineSDK

/// `line-login`: LINE Login from a terminal, the emulator, and the demo.
@main
struct LineLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "line-login",
        abstract: "LINE Login from the terminal: log in, inspect, refresh, verify and revoke tokens, run the LINE emulator and the demo.",
        discussion: ExitCodeTable.text,
        // The package's version, the same `Constant.SDKVersion` the SDK reports.
        version: Constant.SDKVersion,
        subcommands: [
            DemoCommand.self, EmulatorCommand.self, LoginCommand.self, StatusCommand.self, ProfileCommand.self,
            LineTokenCommand.self, LogoutCommand.self, LoginsCommand.self, DeauthorizeCommand.self, VerifyIDTokenCommand.self,
            OAuthCommand.self, ExampleSiteCommand.self, EmulatorCACommand.self,
        ]
    )

    /// `--auto-approve` may stand alone (`emulator --auto-approve [USER]`): ArgumentParser has no
    /// optional-value options, so a bare one gets an empty value, which means the first user.
    static func fillingOptionalValues(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            result.append(argument)
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            if argument == "--auto-approve", next == nil || next?.hasPrefix("-") == true { result.append("") }
        }
        return result
    }

    // Usage errors exit with 2 (ArgumentParser's default is 64), so scripts can tell them from failures.
    static func main() async {
        do {
            var command = try parseAsRoot(Self.fillingOptionalValues(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(CLIExit.usage.rawValue)
            }
            exit(withError: error)
        }
    }
}
#else
import Foundation

/// `line-login` built without the package trait that gives it its commands.
@main
enum LineLoginCommand {
    static func main() {
        let message = """
            line-login was built without its commands: build it with the package trait CLI, e.g.
              swift run --traits CLI line-login demo
            (and --traits ExampleSite for `line-login example-site`).

            """
        FileHandle.standardError.write(Data(message.utf8))
        exit(2)
    }
}
#endif
