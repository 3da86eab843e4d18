#if Emulator
@testable import ClientTestSupport
import EmulatorBrowser
import Foundation
import LineLoginPrimitives
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LineLoginEmulator
import LineSDK
import OAuthEngine
import Testing

/// "The LINE app" for tests: the URL the SDK hands to the LINE app goes to the emulator's LINE-app
/// endpoint over HTTP (both the universal link and the `lineauth2://` form), and the callback it answers
/// with is handed to the manager as iOS would hand it to the app.
final class EmulatorLineApp: LineAppOpener, Sendable {
    /// The URLs opened so far and the test's two hooks, in the package's one lock box.
    private struct State: Sendable {
        var opened: [URL] = []
        var deliver: (@Sendable (URL) -> Void)?
        var tamper: (@Sendable (URL) -> URL)?
    }
    private let state = LockedValue(State())
    let claimsUniversalLinks: Bool
    let installed: Bool
    /// What the app does with the callback; set once the manager exists.
    var deliver: (@Sendable (URL) -> Void)? {
        get { state.current.deliver }
        set { state.withLock { $0.deliver = newValue } }
    }
    /// Rewrites the callback before it reaches the app (to forge one).
    var tamper: (@Sendable (URL) -> URL)? {
        get { state.current.tamper }
        set { state.withLock { $0.tamper = newValue } }
    }

    init(claimsUniversalLinks: Bool = true, installed: Bool = true) {
        self.claimsUniversalLinks = claimsUniversalLinks
        self.installed = installed
    }

    var openedURLs: [URL] { state.current.opened }

    func openUniversalLink(_ url: URL) async -> Bool {
        guard claimsUniversalLinks else { return false }
        return await hand(url)
    }

    func canOpen(_ url: URL) async -> Bool { installed && url.scheme == "lineauth2" }

    func open(_ url: URL) async -> Bool {
        guard installed, url.scheme == "lineauth2",
            let login = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "loginUrl" })?.value,
            let loginURL = URL(string: login)
        else { return false }
        return await hand(loginURL)
    }

    /// The LINE app signs the user in (the emulator's endpoint) and opens the app's callback.
    private func hand(_ url: URL) async -> Bool {
        state.withLock { $0.opened.append(url) }
        let transport = URLSessionTransport()
        guard let response = try? await transport.send(HTTPRequest(url: url)), response.statusCode == 302,
            let location = response.headers["location"], var callback = URL(string: location)
        else { return false }
        if let tamper = self.tamper { callback = tamper(callback) }
        let deliver = self.deliver
        Task { deliver?(callback) }
        return true
    }
}

@Suite struct LineAppLoginTests {
    static let bundleID = "com.example.lineapp"

    func start(universalLink: URL? = nil) async throws -> EmulatorHarness {
        try await EmulatorHarness.start { configuration in
            configuration.channels[0].iOSBundleID = Self.bundleID
            if let universalLink { configuration.channels[0].callbackURLs.append(universalLink.absoluteString) }
        }
    }

    func manager(_ harness: EmulatorHarness, app: EmulatorLineApp, universalLink: URL? = nil) throws -> LoginManager {
        let manager = try LoginManager(
            configuration: LoginConfiguration(
                channelID: harness.channel.channelID, universalLinkURL: universalLink, platform: .custom(baseURL: harness.baseURL),
                tokenStore: MemoryTokenStore(), userAgent: harness.browser(), bundleIdentifier: Self.bundleID, lineAppOpener: app))
        app.deliver = { [weak manager] url in _ = manager?.application(nil, open: url) }
        return manager
    }

    func login(_ manager: LoginManager, parameters: LoginManager.Parameters = .init()) async -> (
        Result<LoginResult, LineSDKError>, LoginProcess?
    ) {
        let box = LockedValue<LoginProcess?>(nil)
        let result = await withCheckedContinuation { continuation in
            let process = manager.login(permissions: [.profile, .openID], parameters: parameters) { continuation.resume(returning: $0) }
            box.withLock { $0 = process }
        }
        return (result, box.current)
    }

    @Test func theLINEAppSignsTheUserInThroughItsUniversalLink() async throws {
        let harness = try await start()
        defer { Task { await harness.stop() } }
        let app = EmulatorLineApp()
        let manager = try manager(harness, app: app)
        let (result, process) = await login(manager)
        let login = try result.get()
        #expect(process?.loginRoute == .appUniversalLink)
        #expect(login.accessToken.IDToken?.payload.amr == ["lineautologin"])
        #expect(login.userProfile?.userID == harness.brown.userID)
        let handed = try #require(app.openedURLs.first)
        #expect(handed.path == "/app/oauth2/v2.1/login")
        #expect(manager.isAuthorized)
    }

    /// LINE's auto-login failure, on demand: the callback's state is not the app's; the SDK reports a state
    /// mismatch, and the one retry LINE recommends (disable_auto_login) signs the user in.
    @Test func anAutoLoginFailureIsRetriedWithAutoLoginDisabled() async throws {
        let harness = try await start()
        defer { Task { await harness.stop() } }
        let manager = try manager(harness, app: EmulatorLineApp())
        harness.emulator.failNextAutoLogin()
        let (failed, _) = await login(manager)
        guard case .failure(let error) = failed else {
            Issue.record("the auto login did not fail")
            return
        }
        #expect(error.isResponseStateMismatch)
        #expect(!manager.isAuthorized)
        let retry = try #require(error.retryParameters(after: LoginManager.Parameters()))
        #expect(retry.disableAutoLogin)
        harness.emulator.failNextAutoLogin() // armed again: a retry with auto login off must not meet it
        let (result, _) = await login(manager, parameters: retry)
        #expect(try result.get().userProfile?.userID == harness.brown.userID)
    }

    @Test func aChannelWhoseAutoLoginAlwaysFailsStillSignsInWithAutoLoginDisabled() async throws {
        let harness = try await EmulatorHarness.start { configuration in
            configuration.channels[0].iOSBundleID = Self.bundleID
            configuration.channels[0].autoLoginFails = true
        }
        defer { Task { await harness.stop() } }
        let manager = try manager(harness, app: EmulatorLineApp())
        #expect(await login(manager).0.isStateMismatch)
        #expect(await login(manager).0.isStateMismatch)
        var parameters = LoginManager.Parameters()
        parameters.disableAutoLogin = true
        #expect((try? await login(manager, parameters: parameters).0.get()) != nil)
    }

    @Test func withoutTheUniversalLinkTheSchemeIsUsed() async throws {
        let harness = try await start()
        defer { Task { await harness.stop() } }
        let app = EmulatorLineApp(claimsUniversalLinks: false)
        let manager = try manager(harness, app: app)
        let (result, process) = await login(manager)
        #expect(try result.get().accessToken.IDToken?.payload.amr == ["lineautologin"])
        #expect(process?.loginRoute == .appAuthScheme)
    }

    @Test func withoutTheLINEAppTheWebLoginIsUsed() async throws {
        let harness = try await start()
        defer { Task { await harness.stop() } }
        let app = EmulatorLineApp(claimsUniversalLinks: false, installed: false)
        let manager = try manager(harness, app: app)
        let (result, process) = await login(manager)
        #expect(try result.get().accessToken.IDToken?.payload.amr == ["pwd"])
        #expect(process?.loginRoute == .webLogin)
        #expect(app.openedURLs.isEmpty)
    }

    @Test func onlyWebLoginNeverOpensTheLINEApp() async throws {
        let harness = try await start()
        defer { Task { await harness.stop() } }
        let app = EmulatorLineApp()
        let manager = try manager(harness, app: app)
        var parameters = LoginManager.Parameters()
        parameters.onlyWebLogin = true
        let (result, process) = await login(manager, parameters: parameters)
        #expect(try result.get().accessToken.IDToken?.payload.amr == ["pwd"])
        #expect(process?.loginRoute == .webLogin)
        #expect(app.openedURLs.isEmpty)
    }

    @Test func aCallbackThroughTheUniversalLinkIsAccepted() async throws {
        let universalLink = try #require(URL(string: "https://app.example.com/line-auth"))
        let harness = try await start(universalLink: universalLink)
        defer { Task { await harness.stop() } }
        let app = EmulatorLineApp()
        // LINE may come back through the app's universal link (the optional redirect URI) instead.
        app.tamper = { callback in
            var components = URLComponents(url: universalLink, resolvingAgainstBaseURL: false)
            components?.percentEncodedQuery = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.percentEncodedQuery
            return components?.url ?? callback
        }
        let manager = try manager(harness, app: app, universalLink: universalLink)
        let (result, _) = await login(manager)
        #expect(try result.get().accessToken.IDToken?.payload.amr == ["lineautologin"])
        let handed = try #require(app.openedURLs.first)
        #expect(handed.absoluteString.contains("optional_redirect_uri"))
    }

    @Test func aForgedStateFromTheLINEAppIsRefused() async throws {
        let harness = try await start()
        defer { Task { await harness.stop() } }
        let app = EmulatorLineApp()
        app.tamper = { callback in
            guard var components = URLComponents(url: callback, resolvingAgainstBaseURL: false) else { return callback }
            let items = components.queryItems ?? []
            components.queryItems = items.map { $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0 }
            return components.url ?? callback
        }
        let manager = try manager(harness, app: app)
        let (result, _) = await login(manager)
        guard case .failure(.authorizeFailed(.responseStateValueNotMatching)) = result else {
            Issue.record("a forged state was accepted: \(result)")
            return
        }
        #expect(!manager.isAuthorized)
    }
}

private extension Result where Success == LoginResult, Failure == LineSDKError {
    var isStateMismatch: Bool {
        if case .failure(let error) = self { return error.isResponseStateMismatch }
        return false
    }
}
#endif
