import EmulatorBrowser
import Foundation
import LineLoginEmulator
import LineLoginServer
import LineSDK
import OAuthEngine

/// What both middleware servers (Hummingbird's and Vapor's) serve behind the same four routes: an
/// emulator, a signed-in user's tokens written to a file for the load generator, and the verifiers.
struct MiddlewareFixture {
    let emulator: LineLoginEmulator
    let idTokens: IDTokenVerifier
    let cachedIDTokens: IDTokenVerifier
    let accessTokens: AccessTokenVerifier

    static func start(tokensFile: String) async throws -> MiddlewareFixture {
        var configuration = EmulatorConfiguration.default
        configuration.autoApproveUserID = configuration.users[0].userID
        let emulator = LineLoginEmulator(configuration: configuration)
        let base = try await emulator.start()
        let channelID = configuration.channels[0].channelID
        let manager = try LoginManager(
            configuration: LoginConfiguration(
                channelID: channelID, platform: .custom(baseURL: base), tokenStore: MemoryTokenStore(),
                userAgent: ScriptedBrowser(email: "", password: "")))
        let login = try await manager.login(permissions: [.profile, .openID])
        let tokens = ["accessToken": login.accessToken.value, "idToken": login.accessToken.IDTokenRaw ?? ""]
        try JSONSerialization.data(withJSONObject: tokens).write(to: URL(fileURLWithPath: tokensFile))

        let platform = LinePlatform.custom(baseURL: base)
        let channels = [LineChannel(channelID: channelID)]
        return MiddlewareFixture(
            emulator: emulator, idTokens: try IDTokenVerifier(channels: channels, platform: platform),
            cachedIDTokens: try IDTokenVerifier(channels: channels, platform: platform, cache: VerifiedIDTokenCache()),
            accessTokens: try AccessTokenVerifier(channelIDs: [channelID], platform: platform))
    }
}
