#if Server && Emulator
@testable import ClientTestSupport
import EmulatorBrowser
import Foundation
import LineLoginEmulator
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServerTestSupport

/// The fault suite, client side: LINE's SDK surface (login, refresh, profile, logout) against the
/// emulator over real HTTP, with faults injected under the client's transport. Stated outcomes: every
/// failure is a typed error, stored tokens survive every transient failure, an endpoint that failed is
/// not hammered, and `Retry-After` is honoured up to its cap. Shared, not copied: each transport's test
/// target runs every case over its transport (`base`), URLSession's in LineLoginServerTests and
/// AsyncHTTPClient's in LineLoginAsyncHTTPClientTests.
enum ClientFaultCases {
    static let token = "/oauth2/v2.1/token"
    static let profile = "/v2/profile"
    static let revoke = "/oauth2/v2.1/revoke"

    struct Client {
        let fixture: EmulatorHarness
        let manager: LoginManager
        let faults: FaultInjectingTransport
        let clock: TestClock
        let store: MemoryTokenStore

        func stored() async throws -> TokenSet? { try await store.load() }
        func stop() async { await fixture.stop() }
    }

    /// A `LoginManager` on the emulator whose API calls go through a fault injector; its clock starts now,
    /// so the emulator's tokens are valid, and tests move it past back-offs.
    static func client(over base: any HTTPTransport) async throws -> Client {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let faults = FaultInjectingTransport(base)
        let clock = TestClock(Date())
        let store = MemoryTokenStore()
        let manager = try LoginManager(
            configuration: LoginConfiguration(
                channelID: EmulatorHarness.channelID, platform: fixture.platform, tokenStore: store, transport: faults,
                userAgent: ScriptedBrowser(email: "brown@example.com", password: "brown"), clock: clock))
        return Client(fixture: fixture, manager: manager, faults: faults, clock: clock, store: store)
    }

    static func storedTokensSurviveEveryOutage(fault: FaultInjectingTransport.Fault, over base: any HTTPTransport) async throws {
        let client = try await Self.client(over: base)
        _ = try await client.manager.login(permissions: [.profile, .openID])
        let signedIn = try #require(try await client.stored())

        client.faults.inject(fault)
        await #expect(throws: LineSDKError.self, "refresh, \(fault)") { _ = try await client.manager.api.refreshAccessToken() }
        #expect(try await client.stored() == signedIn, "refresh under \(fault) lost or changed the tokens")
        await #expect(throws: LineSDKError.self, "profile, \(fault)") { _ = try await client.manager.api.getProfile() }
        #expect(try await client.stored() == signedIn, "profile under \(fault) lost or changed the tokens")
        #expect(client.manager.isAuthorized)

        // The network is back: after the longest back-off these faults can start, everything works.
        client.faults.inject(nil)
        client.clock.advance(by: 301)
        #expect(try await client.manager.api.getProfile().userID == "U4af4980629e3b1d6e1c0a6b1b1c3e9f1")
        let refreshed = try await client.manager.api.refreshAccessToken()
        #expect(refreshed.value != signedIn.accessToken)
        client.faults.report()
        await client.stop()
    }

    static func aLoginWhoseExchangeFailsStoresNothingAndCanBeRetried(fault: FaultInjectingTransport.Fault, over base: any HTTPTransport)
        async throws
    {
        let client = try await Self.client(over: base)
        client.faults.inject(fault, on: [Self.token])
        await #expect(throws: LineSDKError.self) { _ = try await client.manager.login(permissions: [.profile, .openID]) }
        #expect(try await client.stored() == nil)
        #expect(!client.manager.isAuthorized)

        client.faults.inject(nil)
        client.clock.advance(by: 301)
        _ = try await client.manager.login(permissions: [.profile, .openID])
        #expect(try await client.stored() != nil)
        client.faults.report()
        await client.stop()
    }

    /// The faults a revoke can meet (a revoke answer has no body to cut short).
    static let revokeOutages = FaultInjectingTransport.outages.filter { $0.description != "truncated body" }

    static func logoutDuringAnOutageStillSignsOutLocally(fault: FaultInjectingTransport.Fault, over base: any HTTPTransport) async throws {
        // As LINE's SDK: the local session ends whatever the revoke call answers; the failure is reported.
        let client = try await Self.client(over: base)
        _ = try await client.manager.login(permissions: [.profile])
        client.faults.inject(fault, on: [Self.revoke])
        await #expect(throws: LineSDKError.self) { try await client.manager.logout() }
        #expect(try await client.stored() == nil)
        #expect(!client.manager.isAuthorized)
        client.faults.report()
        await client.stop()
    }

    static func aFailingEndpointIsLeftAloneForTheBackOffAndRetryAfterIsHonoured(over base: any HTTPTransport) async throws {
        let client = try await Self.client(over: base)
        _ = try await client.manager.login(permissions: [.profile])
        let base = client.faults.calls(to: Self.profile) // the login's own profile check

        // 429 with Retry-After: 30: one call, then nothing for 30 s, then one probe.
        client.faults.inject(.status(429, retryAfter: "30"), on: [Self.profile])
        for _ in 0..<20 { _ = try? await client.manager.api.getProfile() }
        #expect(client.faults.calls(to: Self.profile) == base + 1)
        client.clock.advance(by: 29)
        _ = try? await client.manager.api.getProfile()
        #expect(client.faults.calls(to: Self.profile) == base + 1, "asked again before Retry-After")
        client.faults.inject(nil)
        client.clock.advance(by: 1)
        #expect(try await client.manager.api.getProfile().displayName == "Brown")
        #expect(client.faults.calls(to: Self.profile) == base + 2)

        // A Retry-After of a day is capped at five minutes.
        client.faults.inject(.status(503, retryAfter: "86400"), on: [Self.profile])
        _ = try? await client.manager.api.getProfile()
        client.clock.advance(by: 299)
        _ = try? await client.manager.api.getProfile()
        #expect(client.faults.calls(to: Self.profile) == base + 3)
        client.faults.inject(nil)
        client.clock.advance(by: 1)
        #expect(try await client.manager.api.getProfile().displayName == "Brown")
        #expect(client.faults.calls(to: Self.profile) == base + 4)

        // Other endpoints are not affected by one endpoint's back-off.
        client.faults.inject(.status(500, retryAfter: nil), on: [Self.profile])
        _ = try? await client.manager.api.getProfile()
        client.faults.inject(nil)
        _ = try await client.manager.api.refreshAccessToken()
        client.faults.report()
        await client.stop()
    }

    static func aBackedOffCallIsATransientErrorThatSaysSo(over base: any HTTPTransport) async throws {
        let client = try await Self.client(over: base)
        _ = try await client.manager.login(permissions: [.profile])
        client.faults.inject(.status(503, retryAfter: "10"), on: [Self.profile])
        _ = try? await client.manager.api.getProfile()
        do {
            _ = try await client.manager.api.getProfile()
            Issue.record("a call during the back-off went through")
        } catch {
            guard case .responseFailed(.URLSessionError(let underlying)) = error else {
                Issue.record("not a network error: \(error)")
                return
            }
            #expect(underlying as? TransportError == .backingOff(seconds: 10))
            #expect(error.localizedDescription.contains("10 more seconds"), "\(error.localizedDescription)")
        }
        client.faults.report()
        await client.stop()
    }
}
#endif
