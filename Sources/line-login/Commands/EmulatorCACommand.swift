#if CLI && EmulatorHTTPS
import ArgumentParser
import Foundation
import LineLoginEmulatorHTTPS

/// `line-login emulator-ca`: the local certificate authority of `emulator --line-hosts`.
struct EmulatorCACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator-ca",
        abstract: "Export, rotate or delete the local CA that `emulator --line-hosts` serves LINE's host names with.",
        subcommands: [Export.self, Rotate.self, Delete.self])

    /// `--ca-dir`, shared by the subcommands.
    struct Folder: ParsableArguments {
        @Option(
            name: .customLong("ca-dir"),
            help: ArgumentHelp("The CA's folder (default: $XDG_DATA_HOME/line-login/emulator-ca).", valueName: "DIR"))
        var caDirectory: String?

        var url: URL { caDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? EmulatorCertificateAuthority.defaultFolder() }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the CA certificate (PEM) to trust, creating the CA if there is none; its path goes to stderr.")
        @OptionGroup var folder: Folder

        func run() async throws {
            let authority = try EmulatorCACommand.authority { try EmulatorCertificateAuthority.loadOrCreate(in: folder.url) }
            Console.progress("\(authority.certificateFile.path) (valid until \(authority.expiresAt))")
            // Line by line: Console writes a newline inside a line out as `\n`, which left `export > ca.pem` no PEM.
            for line in authority.certificatePEM.split(separator: "\n") { Console.out(String(line)) }
        }
    }

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the CA with a new one (a new key and certificate: trust the new ca.pem, remove the old one).")
        @OptionGroup var folder: Folder

        func run() async throws {
            let authority = try EmulatorCACommand.authority { try EmulatorCertificateAuthority.rotate(in: folder.url) }
            Console.out("new CA certificate: \(authority.certificateFile.path) (valid until \(authority.expiresAt))")
            Console.progress(
                "Remove the old one from every trust store you added it to; a running emulator keeps its certificate until it restarts.")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete the CA's key and certificate.")
        @OptionGroup var folder: Folder

        func run() async throws {
            try EmulatorCACommand.authority { try EmulatorCertificateAuthority.delete(in: folder.url) }
            Console.out("deleted the CA in \(folder.url.path)")
            Console.progress("Remove its certificate from every trust store you added it to.")
        }
    }

    /// Runs `body`, turning the CA's errors into a sentence on stderr and exit 2 (configuration).
    @discardableResult
    static func authority<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as EmulatorCertificateAuthorityError {
            Console.error(error.description)
            throw CLIExit.usage.exitCode
        }
    }
}
#elseif CLI
import ArgumentParser

/// `line-login emulator-ca` in a build without the EmulatorHTTPS trait: hidden from the help, it takes whatever
/// follows and says which build has it, instead of ArgumentParser's "unexpected argument".
struct EmulatorCACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator-ca", abstract: "The local CA of `emulator --line-hosts` (needs the EmulatorHTTPS trait).",
        shouldDisplay: false)

    @Argument(parsing: .allUnrecognized)
    var arguments: [String] = []

    func run() async throws {
        throw EmulatorHTTPSTrait.refuse("emulator-ca")
    }
}
#endif
