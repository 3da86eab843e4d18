import Foundation
#if Emulator
import LineLoginTesting
#endif
import OAuthEngine
import Testing
@testable import LineSDK

@Suite struct SetupTests {
    @Test func managerWithoutSetupIsNotReady() {
        let manager = LoginManager()
        #expect(!manager.isSetupFinished)
        #expect(!manager.isAuthorized)
        #expect(!manager.isAuthorizing)
        #expect(manager.configuration == nil)
        #expect(manager.accessTokenStore.current == nil)
        #expect(!manager.isLoginCallback(URL(string: "line3rdp.com.example.lineapp://authorize/?code=a&state=b")!))
        #expect(!manager.handleCallbackURL(URL(string: "line3rdp.com.example.lineapp://authorize/?code=a&state=b")!))
        #expect(!manager.application(open: URL(string: "line3rdp.com.example.lineapp://authorize/?code=a&state=b")))
    }

    @Test func loginBeforeSetupFailsWithSetupNotFinished() async {
        let manager = LoginManager()
        let error = await capture { () async throws(LineSDKError) in try await manager.login(permissions: [.profile]) }
        #expect(error?.isSetupNotFinished == true)
        #expect(!manager.isAuthorizing)
    }

    @Test func completionHandlerLoginBeforeSetupFailsWithSetupNotFinished() async {
        let manager = LoginManager()
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<LoginResult, LineSDKError>, Never>) in
            manager.login(permissions: [.profile, .openID]) { continuation.resume(returning: $0) }
        }
        guard case .failure(let error) = result else {
            Issue.record("login succeeded without setup")
            return
        }
        #expect(error.isSetupNotFinished)
    }

    @Test func apiBeforeSetupFailsWithSetupNotFinished() async {
        let manager = LoginManager()
        #expect(await capture { () async throws(LineSDKError) in try await manager.api.getProfile() }?.isSetupNotFinished == true)
        #expect(
            await capture { () async throws(LineSDKError) in try await manager.api.getBotFriendshipStatus() }?.isSetupNotFinished == true)
        #expect(await capture { () async throws(LineSDKError) in try await manager.api.refreshAccessToken() }?.isSetupNotFinished == true)
        #expect(await capture { () async throws(LineSDKError) in try await manager.api.verifyAccessToken() }?.isSetupNotFinished == true)
        #expect(await capture { () async throws(LineSDKError) in try await manager.api.revokeAccessToken() }?.isSetupNotFinished == true)
    }

    @Test func logoutBeforeSetupFailsWithSetupNotFinished() async {
        let manager = LoginManager()
        #expect(await capture { () async throws(LineSDKError) in try await manager.logout() }?.isSetupNotFinished == true)
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, LineSDKError>, Never>) in
            manager.logout { continuation.resume(returning: $0) }
        }
        guard case .failure(let error) = result else {
            Issue.record("logout succeeded without setup")
            return
        }
        #expect(error.isSetupNotFinished)
        #expect(error.description.contains("setup"))
    }

    @Test func setupFinishesAndKeepsTheConfiguration() throws {
        let manager = LoginManager()
        try manager.setup(configuration: .offline(channelID: "1234567890", store: MemoryTokenStore()))
        #expect(manager.isSetupFinished)
        #expect(manager.configuration?.channelID == "1234567890")
        #expect(manager.configuration?.platform.issuer == "https://line.test")
        #expect(!manager.isAuthorized)

        let other = try LoginManager(configuration: .offline(channelID: "2222222222", store: MemoryTokenStore()))
        #expect(other.isSetupFinished)
        #expect(other.configuration?.channelID == "2222222222")
    }

    /// LeakSanitizer found every configured manager kept alive by a cycle (the token mirror held the client,
    /// whose observer held the mirror). A synchronous store, so no read-later task holds them meanwhile.
    @Test func aReleasedManagerFreesItsSession() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        weak var mirror: AccessTokenStore?
        do {
            let manager = try LoginManager(
                configuration: .offline(channelID: "1234567890", store: FileTokenStore(directory: directory, key: "leak")))
            mirror = manager.accessTokenStore
            #expect(mirror != nil)
        }
        #expect(mirror == nil, "the manager's token store outlived it")
    }

    #if Emulator
    /// Different from LINE's SDK on purpose (LINE asserts and ignores a second setup): the second replaces
    /// the first, so an app or a test can move a manager to another channel or platform.
    @Test func aSecondSetupReplacesTheFirst() async throws {
        var configuration = EmulatorConfiguration.default
        var second = configuration.channels[0]
        second.channelID = "2222222222"
        second.channelSecret = "fedcba9876543210fedcba9876543210"
        configuration.channels.append(second)
        try await withTestLinePlatform(configuration: configuration) { line in
            let manager = LoginManager()
            try manager.setup(configuration: line.loginConfiguration(channelID: line.channelID))
            try manager.setup(configuration: line.loginConfiguration(channelID: "2222222222"))
            #expect(manager.configuration?.channelID == "2222222222")
            let result = try await manager.login(permissions: [.profile, .openID])
            #expect(result.accessToken.IDToken?.payload.audience == "2222222222")
        }
    }
    #endif

    @Test func customPlatformEndpoints() {
        let platform = LinePlatform.custom(baseURL: URL(string: "https://line.test/")!)
        #expect(platform.issuer == "https://line.test")
        #expect(platform.tokenURL.absoluteString == "https://line.test/oauth2/v2.1/token")
        #expect(platform.jwksURL.absoluteString == "https://line.test/oauth2/v2.1/certs")
        #expect(platform.profileURL.absoluteString == "https://line.test/v2/profile")
        #expect(platform.friendshipURL.absoluteString == "https://line.test/friendship/v1/status")
        #expect(platform.verifyURL.absoluteString == "https://line.test/oauth2/v2.1/verify")
        #expect(platform.revokeURL.absoluteString == "https://line.test/oauth2/v2.1/revoke")
        #expect(LinePlatform.production.issuer == "https://access.line.me")
        #expect(LinePlatform.production.authorizeURL.absoluteString == "https://access.line.me/oauth2/v2.1/authorize")
        #expect(LinePlatform.production.tokenURL.absoluteString == "https://api.line.me/oauth2/v2.1/token")
    }

    @Test func customPlatformWithAnotherIssuer() throws {
        let base = try #require(URL(string: "http://127.0.0.1:8400"))
        let platform = LinePlatform.custom(baseURL: base, issuer: LinePlatform.production.issuer)
        #expect(platform.issuer == "https://access.line.me")
        #expect(platform.endpoints.issuer == "https://access.line.me")
        #expect(platform.authorizeURL.absoluteString == "http://127.0.0.1:8400/oauth2/v2.1/authorize")
        #expect(platform.tokenURL.absoluteString == "http://127.0.0.1:8400/oauth2/v2.1/token")
        #expect(platform.jwksURL.absoluteString == "http://127.0.0.1:8400/oauth2/v2.1/certs")
        #expect(platform.verifyURL.absoluteString == "http://127.0.0.1:8400/oauth2/v2.1/verify")
        #expect(platform.discoveryURL.absoluteString == "http://127.0.0.1:8400/.well-known/openid-configuration")
        // The one-argument form is the same platform with the base URL as the issuer.
        #expect(LinePlatform.custom(baseURL: base) == LinePlatform.custom(baseURL: base, issuer: "http://127.0.0.1:8400"))
    }

    @Test func plainHTTPPlatformIsRefused() {
        var configuration = LoginConfiguration.offline(channelID: "1234567890", store: MemoryTokenStore())
        configuration.platform = .custom(baseURL: URL(string: "http://line.test")!)
        let manager = LoginManager()
        do {
            try manager.setup(configuration: configuration)
            Issue.record("a plain-http platform was accepted")
        } catch {
            guard case .requestFailed(reason: .invalidParameter(let items)) = error, items.first?.description.contains("https") == true
            else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(!manager.isSetupFinished)

        // Loopback http is allowed (emulator, tests).
        configuration.platform = .custom(baseURL: URL(string: "http://127.0.0.1:8080")!)
        #expect((try? LoginManager(configuration: configuration))?.isSetupFinished == true)
    }

    @Test(arguments: [-1, 601, 1e308, Double.infinity, Double.nan])
    func anOutOfRangeLeewayIsRefused(leeway: Double) {
        var configuration = LoginConfiguration.offline(channelID: "1234567890", store: MemoryTokenStore())
        configuration.leeway = leeway
        let manager = LoginManager()
        #expect(throws: LineSDKError.self) { try manager.setup(configuration: configuration) }
        #expect(!manager.isSetupFinished)
        configuration.leeway = 600
        #expect((try? LoginManager(configuration: configuration))?.isSetupFinished == true)
    }

    @Test func configurationDescriptionHidesTheSecret() {
        let configuration = LoginConfiguration(
            channelID: "1234567890", channelSecret: "s3cr3t-channel-secret", tokenStore: MemoryTokenStore(),
            bundleIdentifier: "com.example.lineapp")
        #expect(!configuration.description.contains("s3cr3t"))
        #expect(configuration.description.contains("1234567890"))
        #expect(configuration.customSchemeCallbackURL?.absoluteString == "line3rdp.com.example.lineapp://authorize/")
    }
}
