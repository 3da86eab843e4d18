#if CLI
import ArgumentParser
import Foundation
import LineLoginEmulator
import LineSDK
import OAuthEngine

/// `--channel-id`, `--platform` and `--platform-issuer`: which LINE Login channel a command acts for, on which platform. Every
/// command that takes them takes this group, so the flags, their help and their defaults read the same
/// everywhere. (The channel secret is not here: `ChannelSecret` decides where it comes from, and only the
/// commands that may take it as an argument declare `--channel-secret`.)
struct ChannelOptions: ParsableArguments {
    @Option(name: .customLong("channel-id"), help: "The LINE Login channel ID (default: $LINE_CHANNEL_ID).")
    var channelIDOption: String?

    @Option(
        name: .customLong("platform"),
        help: ArgumentHelp(
            "A LINE-compatible platform's base URL: https://…, or http://127.0.0.1:PORT for one on this machine such as the emulator (default: LINE's production platform).",
            valueName: "URL"))
    var platformOption: String?

    @Option(
        name: .customLong("platform-issuer"),
        help: ArgumentHelp(
            "The iss the platform's ID tokens carry when it is not --platform's URL: for an emulator started with --issuer, such as https://access.line.me.",
            valueName: "URL"))
    var platformIssuerOption: String?

    /// The flag, else `$LINE_CHANNEL_ID`; an empty value is none.
    var channelID: String? {
        if let channelIDOption, !channelIDOption.isEmpty { return channelIDOption }
        guard let environment = ProcessInfo.processInfo.environment["LINE_CHANNEL_ID"], !environment.isEmpty else { return nil }
        return environment
    }

    /// `--platform` as given (checked only when used, by `platform(orRemembered:)`).
    var platformString: String? { platformOption }

    /// `--platform`, else `remembered` (a session's platform), else LINE's production platform; with the issuer
    /// of `--platform-issuer`, else the remembered one when the platform is the remembered one, else the platform's URL.
    func platform(orRemembered remembered: String? = nil, issuer rememberedIssuer: String? = nil) throws -> LinePlatform {
        guard let string = platformOption ?? remembered else {
            if platformIssuerOption != nil {
                throw CommandFailure(
                    "--platform-issuer needs --platform: LINE's own platform has its own issuer. Give the platform's URL too.",
                    exit: .usage)
            }
            return .production
        }
        let url = try Self.platformURL(string)
        guard let issuer = platformIssuerOption ?? (platformOption == nil ? rememberedIssuer : nil) else {
            return .custom(baseURL: url)
        }
        guard EmulatorConfiguration.isIssuer(issuer) else {
            throw CommandFailure(
                "--platform-issuer \(TerminalText.field(issuer)) is not an issuer: give an absolute http or https URL with a host and no query or fragment, such as https://access.line.me.",
                exit: .usage)
        }
        return .custom(baseURL: url, issuer: issuer)
    }

    /// `--platform`'s URL as the engine will use it: https anywhere, plain http only on this machine.
    /// The literal name `localhost` means 127.0.0.1 (the name itself decides, never a DNS answer, so no
    /// rebinding trick gets in), `[::1]` and 127.0.0.0/8 are loopback as they are.
    static func platformURL(_ string: String) throws -> URL {
        let usage = "Use https://…, or http://127.0.0.1:PORT for a platform on this machine such as the emulator."
        guard var components = URLComponents(string: string), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else {
            throw CommandFailure("--platform \(string) is not a URL. \(usage)", exit: .usage)
        }
        guard scheme == "https" || scheme == "http" else {
            throw CommandFailure("--platform \(string) is not an http or https URL. \(usage)", exit: .usage)
        }
        if scheme == "http", host.lowercased() == "localhost" { components.host = "127.0.0.1" }
        guard let url = components.url, EndpointPolicy.isAllowed(url) else {
            throw CommandFailure("--platform \(string) uses plain http on a host that is not this machine. \(usage)", exit: .usage)
        }
        return url
    }
}
#endif
