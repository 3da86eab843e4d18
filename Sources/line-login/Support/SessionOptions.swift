#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// Options shared by the commands that use the terminal user's LINE session.
struct SessionOptions: ParsableArguments {
    /// `--channel-id` and `--platform`; without them, the last login's (kept in the store directory).
    @OptionGroup var channel: ChannelOptions

    @Option(name: .customLong("store-dir"), help: "Where tokens are kept (default: $XDG_DATA_HOME/line-login).")
    var storeDirectory: String?

    @Flag(help: "Machine-readable JSON on stdout.")
    var json = false

    @OptionGroup var diagnostics: DiagnosticOptions

    /// The last login's channel and platform, so later commands need no flags.
    struct Remembered: Codable {
        var channelID: String
        var platform: String?
        /// `--platform-issuer`, if the login gave one (absent from files written before it existed).
        var platformIssuer: String?
    }

    var directory: URL {
        storeDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FileTokenStore.defaultDirectory()
    }

    private var rememberedURL: URL { directory.appendingPathComponent("cli.json") }

    func remembered() -> Remembered? {
        guard let data = try? Data(contentsOf: rememberedURL) else { return nil }
        return try? JSONDecoder().decode(Remembered.self, from: data)
    }

    func remember() throws {
        let value = Remembered(
            channelID: try resolvedChannelID(), platform: resolvedPlatformString(), platformIssuer: resolvedPlatformIssuer())
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try JSONEncoder().encode(value).write(to: rememberedURL, options: .atomic)
    }

    func resolvedChannelID() throws -> String {
        if let channelID = channel.channelID { return channelID }
        if let remembered = remembered() { return remembered.channelID }
        throw CommandFailure("no channel: pass --channel-id (or set LINE_CHANNEL_ID)", exit: .usage)
    }

    /// The explicit platform, else the remembered one when it belongs to the channel in use (a platform
    /// remembered for another channel must not be paired with this one).
    func resolvedPlatformString() -> String? {
        if let platform = channel.platformString { return platform }
        guard let remembered = remembered(), let channel = try? resolvedChannelID(), remembered.channelID == channel else { return nil }
        return remembered.platform
    }

    /// `--platform-issuer` with an explicit platform, else the remembered one with the remembered platform.
    func resolvedPlatformIssuer() -> String? {
        if channel.platformString != nil { return channel.platformIssuerOption }
        guard let remembered = remembered(), let channel = try? resolvedChannelID(), remembered.channelID == channel else { return nil }
        return remembered.platformIssuer
    }

    /// Whether any channel is known (flag, environment or a previous login).
    var hasChannel: Bool { (try? resolvedChannelID()) != nil }

    func resolvedPlatform() throws -> LinePlatform {
        try channel.platform(orRemembered: resolvedPlatformString(), issuer: resolvedPlatformIssuer())
    }

    /// The manager of a stored session, for the commands that need one (`profile`, `token …`, `logout`):
    /// with no channel known at all there is no session, which is "not logged in", as `status` says.
    func makeSessionManager() throws -> LoginManager {
        guard hasChannel else { throw CommandFailure.notLoggedIn }
        return try makeManager()
    }

    /// A manager over the file token store, keyed by channel and platform.
    func makeManager(userAgent: (any UserAgent)? = nil, redirectURI: URL? = nil) throws -> LoginManager {
        let channelID = try resolvedChannelID()
        let platform = try resolvedPlatform()
        let key = LoginConfiguration.tokenStoreKey(channelID: channelID, platform: platform)
        let configuration = LoginConfiguration(
            channelID: channelID, platform: platform,
            channelSecret: ChannelSecret.resolve(),
            tokenStore: FileTokenStore(directory: directory, key: key, onWarning: { Console.progress($0.description) }),
            transport: diagnostics.transport(), userAgent: userAgent, redirectURI: redirectURI)
        do { return try LoginManager(configuration: configuration) } catch { throw CommandFailure(error) }
    }
}
#endif
