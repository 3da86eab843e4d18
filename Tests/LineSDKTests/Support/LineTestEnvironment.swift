@testable import ClientTestSupport
import Foundation
import OAuthEngine
@testable import LineSDK
import LineLoginPrimitives
#if Emulator
import LineLoginEmulator

/// One independent channel: the emulator (through a recording transport), a scripted user agent, a memory token
/// store and a `LoginManager` set up with all three (never `.shared`).
struct LineTestEnvironment {
    static let channelID = "1234567890"

    let platform: EmulatedLine
    let agent: FakeUserAgent
    let store: MemoryTokenStore
    let manager: LoginManager
    let configuration: LoginConfiguration

    /// An environment on its own emulator (with `users`), stopped when the test ends.
    init(
        channelID: String = LineTestEnvironment.channelID, users: [EmulatorUser] = [EmulatedLine.defaultUser],
        store: MemoryTokenStore = MemoryTokenStore(), configure: (inout LoginConfiguration) -> Void = { _ in }
    ) async throws {
        let platform = try await EmulatedLine.start(channelIDs: [channelID], users: users)
        try self.init(channelID: channelID, platform: platform, store: store, configure: configure)
    }

    /// An environment on a started platform (several can share one, a channel each).
    init(
        channelID: String = LineTestEnvironment.channelID, platform: EmulatedLine,
        store: MemoryTokenStore = MemoryTokenStore(), configure: (inout LoginConfiguration) -> Void = { _ in }
    ) throws {
        self.platform = platform
        self.store = store
        let agent = FakeUserAgent(platform: platform)
        self.agent = agent
        var configuration = Self.configuration(channelID: channelID, platform: platform, store: store, agent: agent)
        configure(&configuration)
        self.configuration = configuration
        manager = try LoginManager(configuration: configuration)
    }

    static func configuration(channelID: String, platform: EmulatedLine, store: any TokenStore, agent: (any UserAgent)?)
        -> LoginConfiguration
    {
        LoginConfiguration(
            channelID: channelID, platform: platform.platform, tokenStore: store, transport: platform, userAgent: agent,
            bundleIdentifier: EmulatedLine.bundleIdentifier)
    }

    /// Logs in with the scripted agent.
    @discardableResult
    func login(_ permissions: Set<LoginPermission> = [.profile, .openID], parameters: LoginManager.Parameters = .init())
        async throws(LineSDKError) -> LoginResult
    {
        try await manager.login(permissions: permissions, parameters: parameters)
    }

    /// The tokens in the store (not the mirror).
    func storedTokens() async -> TokenSet? { try? await store.load() }

    /// Revokes the stored refresh token at the emulator (another device logged out): the next refresh answers
    /// `invalid_grant`.
    func revokeRefreshTokenAtLINE() async throws {
        guard let refreshToken = await storedTokens()?.refreshToken else { throw EmulatedLine.NoRefreshToken() }
        try await platform.revoke(refreshToken: refreshToken, channelID: configuration.channelID)
    }
}

#endif

/// Runs `body` and returns the `LineSDKError` it threw, or `nil` when it succeeded.
func capture<T>(_ body: () async throws(LineSDKError) -> T) async -> LineSDKError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

/// Runs `body` and returns its outcome as a `Result` (for `Task`s, which can't carry a typed error).
func outcome<T>(_ body: () async throws(LineSDKError) -> T) async -> Result<T, LineSDKError> {
    do { return .success(try await body()) } catch { return .failure(error) }
}

extension LineSDKError {
    var parameterErrorName: String? {
        if case .generalError(reason: .parameterError(let name, _)) = self { return name }
        return nil
    }

    var isSetupNotFinished: Bool { parameterErrorName == "LoginManager" }

    var isLackOfAccessToken: Bool {
        if case .requestFailed(reason: .lackOfAccessToken) = self { return true }
        return false
    }

    var isInvalidPermissions: Bool { parameterErrorName == "permissions" }

    var isForceStopped: Bool {
        if case .authorizeFailed(reason: .forceStopped) = self { return true }
        return false
    }

    var isLoginInProgress: Bool { parameterErrorName == "allowRecreatingLoginProcess" }

    var isUserIDMismatch: Bool {
        if case .authorizeFailed(reason: .cryptoError(.JWTFailed(.claimVerifyingFailed(let key, _, let why)))) = self {
            return key == "sub" && why.contains("profile")
        }
        return false
    }

    /// The claim of a refused ID token, if it is one.
    var refusedClaim: String? {
        if case .authorizeFailed(reason: .cryptoError(.JWTFailed(.claimVerifyingFailed(let key, _, _)))) = self { return key }
        return nil
    }

    /// The `type` of a `dataParsingFailed`, if it is one.
    var parsingFailureType: String? {
        if case .responseFailed(reason: .dataParsingFailed(let type, _, _)) = self { return "\(type)" }
        return nil
    }

    /// The redacted body of a `dataParsingFailed`, if it is one.
    var parsingFailureBody: String? {
        if case .responseFailed(reason: .dataParsingFailed(_, let data, _)) = self { return String(decoding: data, as: UTF8.self) }
        return nil
    }

    /// The `APIErrorDetail` of an HTTP-status failure.
    var apiDetail: APIErrorDetail? {
        if case .responseFailed(reason: .invalidHTTPStatusAPIError(let detail)) = self { return detail }
        return nil
    }
}

#if Emulator
/// Records the token notifications one `AccessTokenStore` posts.
// @unchecked: `observers` holds NotificationCenter's tokens (`NSObjectProtocol`, not Sendable, so not for the lock
// box); they are set in init and removed by `stop()`, which the owning test calls once (or deinit does).
final class TokenNotificationRecorder: @unchecked Sendable {
    struct Event: Sendable {
        var name: Notification.Name
        var newToken: AccessToken?
        var oldToken: AccessToken?
    }

    private let events = Locked<[Event]>([])
    private var observers: [any NSObjectProtocol] = []

    /// Records the notifications about tokens `platform` issued (notifications are process-wide, and
    /// LINE's carry the token, not the store, as `object`).
    init(platform: EmulatedLine) {
        for name in [Notification.Name.LineSDKAccessTokenDidUpdate, .LineSDKAccessTokenDidRemove] {
            let observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [events] notification in
                guard let token = notification.object as? AccessToken, platform.issuedSecrets.contains(token.value) else { return }
                let event: Event
                if notification.name == .LineSDKAccessTokenDidUpdate {
                    // `newToken` from userInfo: a test comparing it sees a notification whose object disagrees.
                    let new = notification.userInfo?[LineSDKNotificationKey.newAccessToken] as? AccessToken
                    event = Event(
                        name: notification.name, newToken: new == token ? token : nil,
                        oldToken: notification.userInfo?[LineSDKNotificationKey.oldAccessToken] as? AccessToken)
                } else {
                    // LINE's DidRemove has no userInfo; one with userInfo records no old token.
                    event = Event(name: notification.name, newToken: nil, oldToken: notification.userInfo == nil ? token : nil)
                }
                events.withLock { $0.append(event) }
            }
            observers.append(observer)
        }
    }

    var recorded: [Event] { events.current }
    var names: [Notification.Name] { recorded.map(\.name) }

    func stop() {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        observers = []
    }

    deinit { stop() }
}
#endif
