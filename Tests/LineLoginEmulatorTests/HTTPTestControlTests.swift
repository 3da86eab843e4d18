#if Emulator
import Foundation
import LineLoginEmulator
import Testing

@Suite("Test controls over HTTP (/_emulator)")
struct HTTPTestControlTests {
    @Test func offByDefaultTheyAreUnknownPaths() async throws {
        try await EmulatorHarness.with { harness in
            let stats = try await harness.client.get("/_emulator/stats")
            let control = try await harness.client.postForm("/_emulator/control", [("action", "expire-access-tokens")])
            #expect(stats.status == 404)
            #expect(control.status == 404)
        }
    }

    @Test func advanceClockExpiresAndPurgesTokens() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.testControls = true
        try await EmulatorHarness.with(configuration) { harness in
            let access = try #require(try await harness.login().string("access_token"))
            #expect(try await harness.client.get("/_emulator/stats").int("activeAccessTokens") == 1)
            let lifetimes = configuration.refreshTokenLifetime + 2 * 86_400
            let after = try await harness.client.postForm(
                "/_emulator/control", [("action", "advance-clock"), ("seconds", String(Int(lifetimes)))])
            #expect(after.status == 200)
            #expect(after.int("storedRecords") == 0, "everything expired and was purged")
            #expect(try await harness.client.bearer("/v2/profile", token: access).status == 401)
        }
    }

    @Test func expireAndRotateAndBadInput() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.testControls = true
        try await EmulatorHarness.with(configuration) { harness in
            let access = try #require(try await harness.login().string("access_token"))
            #expect(try await harness.client.postForm("/_emulator/control", [("action", "expire-access-tokens")]).status == 200)
            #expect(try await harness.client.bearer("/v2/profile", token: access).status == 401)
            let before = harness.emulator.currentKeyID
            #expect(try await harness.client.postForm("/_emulator/control", [("action", "rotate-signing-key")]).int("publishedKeys") == 2)
            #expect(harness.emulator.currentKeyID != before)
            #expect(try await harness.client.postForm("/_emulator/control", [("action", "explode")]).status == 400)
            #expect(
                try await harness.client.postForm("/_emulator/control", [("action", "advance-clock"), ("seconds", "-5")]).status == 400)
            #expect(try await harness.client.get("/_emulator/control").status == 405)
        }
    }

    /// The JSON endpoint takes no token (test suites post to it directly), so what the browser says about the
    /// sender is what keeps a page on another site from moving the clock: a foreign origin is refused.
    @Test func aBrowserOnAnotherSiteCannotUseTheControls() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.testControls = true
        try await EmulatorHarness.with(configuration) { harness in
            let key = harness.emulator.currentKeyID
            let rotate = [("action", "rotate-signing-key")]
            let foreign = try await harness.client.postForm("/_emulator/control", rotate, headers: ["Origin": "http://evil.example"])
            #expect(foreign.status == 403)
            #expect(foreign.string("error") == "invalid_request")
            let crossSite = try await harness.client.postForm("/_emulator/control", rotate, headers: ["Sec-Fetch-Site": "cross-site"])
            #expect(crossSite.status == 403)
            #expect(harness.emulator.currentKeyID == key)
            #expect(try await harness.client.postForm("/_emulator/control", rotate).status == 200, "no Origin: a test suite")
            #expect(harness.emulator.currentKeyID != key)
        }
    }

    /// `reset-clock` undoes `advance-clock`: a token expired by the moved clock works again.
    @Test func resetClockPutsTheClockBack() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.testControls = true
        try await EmulatorHarness.with(configuration) { harness in
            let access = try #require(try await harness.login().string("access_token"))
            // Past the token's expiry but inside the retention, so the purge in the stats keeps it.
            let seconds = String(Int(configuration.accessTokenLifetime) + 60)
            #expect(
                try await harness.client.postForm("/_emulator/control", [("action", "advance-clock"), ("seconds", seconds)]).status == 200)
            #expect(try await harness.client.bearer("/v2/profile", token: access).status == 401)
            let reset = try await harness.client.postForm("/_emulator/control", [("action", "reset-clock")])
            #expect(reset.status == 200)
            #expect(reset.int("activeAccessTokens") == 1)
            #expect(try await harness.client.bearer("/v2/profile", token: access).status == 200)
            harness.emulator.advanceClock(by: 3_600)
            harness.emulator.resetClock()
            #expect(try await harness.client.bearer("/v2/profile", token: access).status == 200)
        }
    }

    /// `fail-next-auto-login`: the next LINE-app login answers with a state the app never sent; one only;
    /// a request with `disable_auto_login=true` is never failed.
    @Test func anAutoLoginFailureOnDemand() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.testControls = true
        try await EmulatorHarness.with(configuration) { harness in
            func appLogin(_ extra: [(String, String)] = []) async throws -> HTTPResult {
                let authorize =
                    [
                        ("response_type", "code"), ("client_id", "1234567890"), ("redirect_uri", "http://127.0.0.1/callback"),
                        ("state", "the-apps-state"), ("scope", "profile"),
                    ] + extra
                let returnURI =
                    "/oauth2/v2.1/authorize/consent?"
                    + authorize.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
                    .joined(separator: "&")
                return try await harness.client.get(
                    "/app/oauth2/v2.1/login", query: [("returnUri", returnURI), ("loginChannelId", "1234567890")])
            }
            #expect(try await harness.client.postForm("/_emulator/control", [("action", "fail-next-auto-login")]).status == 200)
            let failed = try await appLogin()
            #expect(failed.status == 302 && failed.locationQuery["state"] != "the-apps-state" && failed.locationQuery["state"] != nil)
            #expect(try await appLogin().locationQuery["state"] == "the-apps-state", "one failure only")
            #expect(try await harness.client.postForm("/_emulator/control", [("action", "fail-next-auto-login")]).status == 200)
            #expect(try await appLogin([("disable_auto_login", "true")]).locationQuery["state"] == "the-apps-state")
        }
    }
}
#endif
