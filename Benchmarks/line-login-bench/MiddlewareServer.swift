import EmulatorBrowser
import Foundation
import Hummingbird
import LineLoginEmulator
import LineLoginServer
import LineLoginHummingbird
import LineSDK
import OAuthEngine

/// `line-login-bench middleware-server --port P --tokens FILE`: an emulator, a signed-in user's tokens
/// written to FILE, and a Hummingbird app with the same route three ways — no authentication, an ID token
/// (local validation), an access token (cached verify) — for a load generator in another process.
enum MiddlewareServer {
    static func run(port: Int, tokensFile: String) async throws {
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
        let idTokens = try IDTokenVerifier(channels: [LineChannel(channelID: channelID)], platform: platform)
        let cachedIDTokens = try IDTokenVerifier(
            channels: [LineChannel(channelID: channelID)], platform: platform,
            cache: VerifiedIDTokenCache())
        let accessTokens = try AccessTokenVerifier(channelIDs: [channelID], platform: platform)
        let router = Router(context: LineRequestContext.self)
        router.get("/open") { _, _ in "ok" }
        router.group("id").add(middleware: LineBearerMiddleware(accepting: .idTokens(idTokens)))
            .get("/") { _, context in context.lineUser?.userID ?? "" }
        router.group("id-cached").add(middleware: LineBearerMiddleware(accepting: .idTokens(cachedIDTokens)))
            .get("/") { _, context in context.lineUser?.userID ?? "" }
        router.group("access").add(middleware: LineBearerMiddleware(accepting: .accessTokens(accessTokens)))
            .get("/") { _, context in context.lineUser?.userID ?? "" }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await app.runService()
        await emulator.shutdown()
    }
}
