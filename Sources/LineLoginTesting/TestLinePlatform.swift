#if Emulator
public import Foundation
public import LineLoginEmulator
public import LineLoginPlatform

/// A LINE Platform for your tests: the emulator, in this process, on a free loopback port, with the channels
/// and users you give it, and the controls a test needs (expire tokens, rotate the signing key, move the clock).
///
/// ```swift
/// let line = try await TestLinePlatform.start()
/// defer { Task { await line.stop() } }  // or `await line.stop()` at the end of the test
/// let tokens = try await line.signIn()  // Brown, on channel 1234567890, without a browser
/// ```
///
/// Point the code under test at ``platform``: `LoginConfiguration(channelID:platform:…)` for LineSDK
/// (or ``loginConfiguration(userID:channelID:tokenStore:decision:)``), `IDTokenVerifier(channels:platform:)`
/// and `AccessTokenVerifier(channelIDs:platform:)` for a backend. Each test starts its own platform: they share
/// nothing, so tests run in parallel.
public final class TestLinePlatform: Sendable {
    /// The emulator itself, for the controls this type doesn't wrap (`failNextAutoLogin()`,
    /// `setAutoApprove(userID:)`, `stats`).
    public let emulator: LineLoginEmulator
    /// Where the platform listens, e.g. `http://127.0.0.1:54321`; also the ID tokens' issuer.
    public let url: URL

    private init(emulator: LineLoginEmulator, url: URL) {
        self.emulator = emulator
        self.url = url
    }

    /// Starts a platform with `configuration` (channels, users, token lifetimes) on a free port of 127.0.0.1.
    /// - Parameter configuration: by default `EmulatorConfiguration.default`: channel `1234567890` (a random
    ///   secret, callback `http://127.0.0.1/callback` on any port) and two users, Brown (a friend of the
    ///   channel's official account, password `brown`) and Cony (not a friend, password `cony`).
    /// - Throws: the bind error when no port could be had.
    public static func start(configuration: EmulatorConfiguration = .default) async throws -> TestLinePlatform {
        let emulator = LineLoginEmulator(configuration: configuration)
        let url = try await emulator.start(host: "127.0.0.1", port: 0)
        return TestLinePlatform(emulator: emulator, url: url)
    }

    /// Starts a platform with these channels and users and LINE's token lifetimes.
    /// - Parameters:
    ///   - channels: the channels (LINE Login apps) that may sign users in; the first is ``channelID``'s.
    ///   - users: the users who can sign in; the first is the one ``signIn(userID:channelID:scopes:nonce:IDTokenKeyType:addFriend:)``
    ///     signs in by default.
    /// - Throws: the bind error when no port could be had.
    public static func start(channels: [EmulatorChannel], users: [EmulatorUser]) async throws -> TestLinePlatform {
        try await start(configuration: EmulatorConfiguration(channels: channels, users: users))
    }

    /// Stops the platform and waits for it. Idempotent.
    public func stop() async {
        await emulator.shutdown()
    }

    // MARK: What the code under test needs

    /// LINE's endpoints on this platform, for `LoginConfiguration`, `IDTokenVerifier` and `AccessTokenVerifier`.
    public var platform: LinePlatform { .custom(baseURL: url) }

    /// The ID tokens' `iss`: ``url`` as a string.
    public var issuer: String { platform.issuer }

    /// The first channel's ID.
    public var channelID: String { configuration.channels.first?.channelID ?? "" }

    /// The first channel's secret (a backend's, for HS256 ID tokens and web login; never an app's).
    public var channelSecret: String { configuration.channels.first?.channelSecret ?? "" }

    /// A channel's secret.
    /// - Throws: ``LineLoginTestingError/unknownChannel(channelID:)``.
    public func channelSecret(channelID: String) throws(LineLoginTestingError) -> String {
        try channel(channelID).channelSecret
    }

    /// The channels and users, with the current friend flags.
    public var configuration: EmulatorConfiguration { emulator.configuration }

    /// The first user (Brown with the default configuration).
    public var userID: String { configuration.users.first?.userID ?? "" }

    /// A registered user.
    /// - Throws: ``LineLoginTestingError/unknownUser(userID:)``.
    public func user(_ userID: String) throws(LineLoginTestingError) -> EmulatorUser {
        guard let user = configuration.users.first(where: { $0.userID == userID }) else { throw .unknownUser(userID: userID) }
        return user
    }

    func channel(_ channelID: String) throws(LineLoginTestingError) -> EmulatorChannel {
        guard let channel = configuration.channels.first(where: { $0.channelID == channelID }) else {
            throw .unknownChannel(channelID: channelID)
        }
        return channel
    }

    // MARK: Controls

    /// Makes every access token issued so far expired: LINE's APIs answer 401 and verify answers 400, as for a
    /// token past its `expires_in`; refresh tokens still work.
    public func expireAccessTokens() {
        emulator.expireAccessTokens()
    }

    /// Starts signing ES256 ID tokens with a new key. The old key stays in the JWKS for the configuration's
    /// `keyRotationGracePeriod` (a day unless changed), so a verifier that cached the
    /// key set must fetch it again for the new `kid`.
    /// - Returns: the new key's `kid`.
    @discardableResult
    public func rotateKeys() -> String {
        emulator.rotateSigningKey()
    }

    /// The `kid` new ES256 ID tokens are signed with.
    public var currentKeyID: String { emulator.currentKeyID }

    /// Moves the platform's clock forward: tokens, codes and ID tokens issued before age as if `seconds` had passed
    /// (the code under test keeps its own clock: move that one too when it checks times itself).
    public func advanceClock(by seconds: TimeInterval) {
        emulator.advanceClock(by: seconds)
    }

    /// Puts the platform's clock back to real time.
    public func resetClock() {
        emulator.resetClock()
    }
}
#endif
