#if Emulator
import Foundation
import Testing

@testable import LineLoginEmulator
@testable import TransportTestSupport

@Suite("Test controls and lifecycle")
struct TestControlTests {
    @Test func expireAccessTokensMakesProfileFail() async throws {
        try await EmulatorHarness.with { harness in
            let access = try #require(try await harness.login().string("access_token"))
            #expect(try await harness.client.bearer("/v2/profile", token: access).status == 200)
            harness.emulator.expireAccessTokens()
            let result = try await harness.client.bearer("/v2/profile", token: access)
            #expect(result.status == 401)
            #expect(result.string("message") == "The access token expired")
            #expect(harness.emulator.stats.activeAccessTokens == 0)
            // New tokens are unaffected.
            let fresh = try #require(try await harness.login().string("access_token"))
            #expect(try await harness.client.bearer("/v2/profile", token: fresh).status == 200)
        }
    }

    @Test func autoApproveSkipsThePages() async throws {
        try await EmulatorHarness.with { harness in
            harness.emulator.setAutoApprove(userID: EmulatorHarness.conyID)
            #expect(harness.emulator.configuration.autoApproveUserID == EmulatorHarness.conyID)
            let pkce = PKCE()
            let result = try await harness.client.get(
                "/oauth2/v2.1/authorize",
                query: harness.authorizeQuery(state: "auto", pkce: pkce, extra: [("bot_prompt", "normal")])
            )
            #expect(result.status == 302)
            #expect(result.locationQuery["state"] == "auto")
            // No page, so no add-friend option was shown, and LINE sends the parameter only when it was.
            #expect(result.locationQuery["friendship_status_changed"] == nil)
            let code = try #require(result.locationQuery["code"])
            let token = try await harness.exchange(code: code, pkce: pkce)
            let jwt = try JWT.idToken(in: token)
            #expect(jwt.claims["sub"] == .string(EmulatorHarness.conyID))

            // Validation still happens first.
            let bad = try await harness.client.get(
                "/oauth2/v2.1/authorize",
                query: harness.authorizeQuery(clientID: "0000000000")
            )
            #expect(bad.status == 400)

            harness.emulator.setAutoApprove(userID: nil)
            let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            #expect(page.status == 200)
            #expect(EmulatorHarness.sessionID(in: page.text) != nil)
        }
    }

    @Test func autoApproveFromConfiguration() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.autoApproveUserID = EmulatorHarness.brownID
        try await EmulatorHarness.with(configuration) { harness in
            let result = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            #expect(result.status == 302)
            #expect(result.locationQuery["code"] != nil)
        }
    }

    @Test func purgeKeepsStateBounded() async throws {
        try await EmulatorHarness.with { harness in
            for _ in 0..<3 { _ = try await harness.login() }
            for _ in 0..<5 {
                _ = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            }
            _ = try await harness.code()
            var stats = harness.emulator.stats
            #expect(stats.activeAccessTokens == 3)
            #expect(stats.activeRefreshTokens == 3)
            #expect(stats.activeSessions == 5)
            #expect(stats.activeCodes == 1)
            #expect(stats.storedRecords == 3 + 3 + 5 + 1)

            harness.emulator.advanceClock(by: 601)
            stats = harness.emulator.stats
            #expect(stats.activeSessions == 0)
            #expect(stats.activeCodes == 0)
            #expect(stats.storedRecords == 6)

            // Past every lifetime plus the retention window, nothing is left.
            harness.emulator.advanceClock(by: 7_776_000 + 3_600)
            stats = harness.emulator.stats
            #expect(stats.activeAccessTokens == 0)
            #expect(stats.activeRefreshTokens == 0)
            #expect(stats.storedRecords == 0)
            #expect(stats.tokenRequests == 3)
        }
    }

    @Test func purgeRunsOnRequestsToo() async throws {
        try await EmulatorHarness.with { harness in
            for _ in 0..<20 {
                _ = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            }
            #expect(harness.emulator.store.storedRecordCount() == 20)
            harness.emulator.advanceClock(by: 601)
            // Enough requests to trigger the periodic purge (stats would purge by itself, so look underneath).
            for _ in 0..<130 { _ = try await harness.client.get("/.well-known/openid-configuration") }
            #expect(harness.emulator.store.storedRecordCount() == 0)
        }
    }

    @Test func lifecycle() async throws {
        let emulator = LineLoginEmulator()
        #expect(emulator.baseURL == nil)
        let url = try await emulator.start()
        #expect(url.host == "127.0.0.1")
        #expect((url.port ?? 0) > 0)
        await #expect(throws: LineLoginEmulatorError.alreadyRunning) {
            _ = try await emulator.start()
        }
        let client = TestHTTPClient(baseURL: url)
        #expect(try await client.get("/oauth2/v2.1/certs").status == 200)
        // The listening socket itself, not the port: a parallel test's server may take the freed port.
        let listener = ListeningSocketProbe(port: url.port ?? 0)
        #expect(!listener.lostTheSocket)
        await emulator.shutdown()
        await emulator.shutdown()
        #expect(await listener.isClosed())
        // It can start again after a shutdown.
        let again = try await emulator.start()
        #expect(try await TestHTTPClient(baseURL: again).get("/oauth2/v2.1/certs").status == 200)
        await emulator.shutdown()
    }

    @Test func bindFailureThrows() async throws {
        let first = LineLoginEmulator()
        let url = try await first.start()
        let second = LineLoginEmulator()
        await #expect(throws: (any Error).self) {
            _ = try await second.start(port: url.port ?? 0)
        }
        await first.shutdown()
    }
}
#endif
