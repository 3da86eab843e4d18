import EmulatorBrowser
import Foundation
import LineLoginEmulator
import LineSDK
import OAuthEngine

/// One emulator on a free loopback port and a `LoginManager` wired to it, per test.
struct EmulatorHarness {
    let emulator: LineLoginEmulator
    let baseURL: URL
    let store: MemoryTokenStore

    static func start(_ adjust: (inout EmulatorConfiguration) -> Void = { _ in }) async throws -> EmulatorHarness {
        var configuration = EmulatorConfiguration.default
        adjust(&configuration)
        let emulator = LineLoginEmulator(configuration: configuration)
        let baseURL = try await emulator.start(host: "127.0.0.1", port: 0)
        return EmulatorHarness(emulator: emulator, baseURL: baseURL, store: MemoryTokenStore())
    }

    var channel: EmulatorChannel { emulator.configuration.channels[0] }
    var brown: EmulatorUser { emulator.configuration.users[0] }
    var cony: EmulatorUser { emulator.configuration.users[1] }

    func browser(_ user: EmulatorUser? = nil, decision: ScriptedBrowser.Decision = .allow(addFriend: true)) -> ScriptedBrowser {
        let user = user ?? brown
        return ScriptedBrowser(email: user.email ?? "", password: user.password, decision: decision)
    }

    func manager(userAgent: (any UserAgent)? = nil, channelSecret: String? = nil, clock: any WallClock = SystemClock()) throws
        -> LoginManager
    {
        try LoginManager(
            configuration: LoginConfiguration(
                channelID: channel.channelID, platform: .custom(baseURL: baseURL), channelSecret: channelSecret, tokenStore: store,
                userAgent: userAgent ?? browser(), clock: clock))
    }

    var providerConfiguration: ProviderConfiguration {
        LinePlatform.custom(baseURL: baseURL).configuration(channelID: channel.channelID, channelSecret: nil)
    }

    func stop() async { await emulator.shutdown() }
}

/// Wraps a user agent and rewrites the redirect it returns (to forge a state, replay a callback, …).
struct RewritingAgent: UserAgent {
    let base: any UserAgent
    let rewrite: @Sendable (URL) -> URL
    let seen: Recorder<URL>?

    init(base: any UserAgent, seen: Recorder<URL>? = nil, rewrite: @escaping @Sendable (URL) -> URL = { $0 }) {
        self.base = base
        self.rewrite = rewrite
        self.seen = seen
    }

    func beginSession(redirectURI: URL?) async throws -> any UserAgentSession {
        Session(base: try await base.beginSession(redirectURI: redirectURI), rewrite: rewrite, seen: seen)
    }

    struct Session: UserAgentSession {
        let base: any UserAgentSession
        let rewrite: @Sendable (URL) -> URL
        let seen: Recorder<URL>?
        var redirectURI: URL { base.redirectURI }
        func present(_ authorizationURL: URL) async throws -> URL {
            seen?.append(authorizationURL)
            let callback = try await base.present(authorizationURL)
            seen?.append(callback)
            return rewrite(callback)
        }
        func cancel() { base.cancel() }
    }
}

/// A thread-safe list for values seen inside `@Sendable` closures.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []
    func append(_ value: Value) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

/// A clock that tests can move forward.
final class MovableClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval = 0
    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return Date().addingTimeInterval(offset)
    }
    func advance(by seconds: TimeInterval) {
        lock.lock()
        offset += seconds
        lock.unlock()
    }
}

extension URL {
    func queryValue(_ name: String) -> String? {
        URLComponents(url: self, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    func replacingQueryValue(_ name: String, with value: String) -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        components.queryItems = components.queryItems?.map { $0.name == name ? URLQueryItem(name: name, value: value) : $0 }
        return components.url ?? self
    }
}
