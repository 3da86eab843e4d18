#if Emulator
import EmulatorBrowser
import Foundation
import LineLoginEmulator
import LineLoginTesting
import LineSDK
import OAuthEngine

/// One emulator on a free loopback port per test, and the client-side ways into it: a `LoginManager`
/// wired to it, a scripted browser, and real tokens obtained through its pages over HTTP.
/// (LineLoginEmulatorTests drive the emulator with raw HTTP instead, by design: they share no client code.)
struct EmulatorHarness {
    static let channelID = "1234567890"
    /// The second channel `addingSecondChannel` registers (for tokens issued to another channel).
    static let otherChannelID = "2222222222"

    /// The platform every test of the package's own starts, through LineLoginTesting's public API.
    let line: TestLinePlatform
    let store: MemoryTokenStore

    var emulator: LineLoginEmulator { line.emulator }
    var baseURL: URL { line.url }

    /// Starts an emulator with the default configuration changed by `adjust`.
    static func start(_ adjust: (inout EmulatorConfiguration) -> Void = { _ in }) async throws -> EmulatorHarness {
        var configuration = EmulatorConfiguration.default
        adjust(&configuration)
        return EmulatorHarness(line: try await TestLinePlatform.start(configuration: configuration), store: MemoryTokenStore())
    }

    /// An adjustment for `start`: a second channel, ``otherChannelID``, with a secret of its own.
    static func addingSecondChannel(_ configuration: inout EmulatorConfiguration) {
        var other = configuration.channels[0]
        other.channelID = otherChannelID
        other.channelSecret = "fedcba9876543210fedcba9876543210"
        configuration.channels.append(other)
    }

    func stop() async { await line.stop() }

    var platform: LinePlatform { line.platform }
    var channel: EmulatorChannel { emulator.configuration.channels[0] }
    var brown: EmulatorUser { emulator.configuration.users[0] }
    var cony: EmulatorUser { emulator.configuration.users[1] }

    /// A channel's secret (the first channel's by default).
    func secret(_ channelID: String = channelID) -> String {
        emulator.configuration.channels.first { $0.channelID == channelID }?.channelSecret ?? ""
    }

    func browser(_ user: EmulatorUser? = nil, decision: ScriptedBrowser.Decision = .allow(addFriend: true)) -> ScriptedBrowser {
        let user = user ?? brown
        return ScriptedBrowser(email: user.email ?? "", password: user.password, decision: decision)
    }

    /// A `LoginManager` on the emulator; `platform` defaults to ``platform`` (the base URL as the issuer).
    func manager(
        userAgent: (any UserAgent)? = nil, channelSecret: String? = nil, transport: any HTTPTransport = URLSessionTransport(),
        clock: any WallClock = SystemClock(), timeout: TimeInterval = 30, platform: LinePlatform? = nil
    ) throws -> LoginManager {
        try LoginManager(
            configuration: LoginConfiguration(
                channelID: channel.channelID, platform: platform ?? self.platform, channelSecret: channelSecret, tokenStore: store,
                transport: transport, userAgent: userAgent ?? browser(), clock: clock, timeout: timeout))
    }

    var providerConfiguration: ProviderConfiguration {
        platform.configuration(channelID: channel.channelID, channelSecret: nil)
    }

    /// Signs Brown in through the emulator's pages over HTTP and exchanges the code (PKCE):
    /// LineLoginTesting's `signIn`. `es256` asks for an ES256 ID token (`id_token_key_type=JWK`); otherwise HS256
    /// with the channel secret.
    func tokens(
        channelID: String = channelID, scopes: [String] = ["profile", "openid"], nonce: String? = nil, es256: Bool = true
    ) async throws -> LineTestTokens {
        try await line.signIn(channelID: channelID, scopes: scopes, nonce: nonce, IDTokenKeyType: es256 ? .JWK : .channelSecret)
    }
}
#endif
