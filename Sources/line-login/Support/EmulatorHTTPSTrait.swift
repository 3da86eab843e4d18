#if CLI && !EmulatorHTTPS
import ArgumentParser

/// What `emulator --line-hosts` and `emulator-ca` say in a line-login built without the EmulatorHTTPS trait: their
/// TLS stack (swift-nio-ssl, swift-certificates) is not in this build, so the demo's build doesn't compile it.
enum EmulatorHTTPSTrait {
    /// The sentence, after what was asked for (`--line-hosts`, `emulator-ca`).
    static func missing(_ request: String) -> String {
        "\(request): this line-login was built without the EmulatorHTTPS trait, which brings the emulator's HTTPS for "
            + "LINE's host names; rebuild with `swift build --traits CLI,EmulatorHTTPS --product line-login` "
            + "(or run `swift run --traits CLI,EmulatorHTTPS line-login …`)."
    }

    /// Says so on stderr and ends the command with exit 2 (configuration).
    static func refuse(_ request: String) -> ExitCode {
        Console.error(missing(request))
        return CLIExit.usage.exitCode
    }
}
#endif
