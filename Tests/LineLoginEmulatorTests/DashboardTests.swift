#if Emulator
import Crypto
import Foundation
import Testing

@testable import LineLoginEmulator

/// The dashboard at `/` and its test-control buttons (`POST /_emulator/dashboard/action`).
@Suite("Dashboard")
struct DashboardTests {
    /// Distinctive secrets, so "the page lacks them" cannot pass by accident or fail on a common word.
    static let secret = "dashboard-test-channel-secret-5f1c"
    static let password = "dashboard-test-password-9ad2"

    /// The default channel and users with the distinctive secrets above.
    static func configuration(testControls: Bool) -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration.default
        configuration.testControls = testControls
        for index in configuration.channels.indices { configuration.channels[index].channelSecret = secret }
        for index in configuration.users.indices { configuration.users[index].password = password }
        return configuration
    }

    /// The first 8 hex digits of SHA-256(token): what the page shows instead of a token.
    static func fingerprint(_ token: String) -> String {
        String(SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined().prefix(8))
    }

    /// The hidden token of the dashboard's forms.
    static func csrfToken(in html: String) -> String? {
        html.firstMatch(of: /name="csrf_token" value="([0-9a-f]{64})"/).map { String($0.1) }
    }

    /// Every table has its records, a token shows only as its fingerprint, and no value that works shows at all.
    @Test func listsChannelsUsersTokensAndKeysButNoSecret() async throws {
        try await EmulatorHarness.with(Self.configuration(testControls: false)) { harness in
            let tokens = try await harness.login(password: Self.password)
            let access = try #require(tokens.string("access_token"))
            let refresh = try #require(tokens.string("refresh_token"))
            let idToken = try #require(tokens.string("id_token"))

            let page = try await harness.client.get("/")
            #expect(page.status == 200)
            #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(page.headers["cache-control"] == "no-store")
            #expect(page.headers["x-frame-options"] == "DENY", "the buttons must not be clickjacked")
            // Under no-referrer a browser posts the page's own forms with `Origin: null`, which is refused.
            #expect(page.headers["referrer-policy"] == "same-origin")
            let html = page.text
            #expect(html.contains("<html lang=\"en\">"))
            // Channels and users.
            #expect(html.contains("<table id=\"channels-table\">"))
            #expect(html.contains("<th scope=\"row\"><code>1234567890</code></th>"))
            #expect(html.contains("http://127.0.0.1/callback"))
            #expect(html.contains("LINE Emulator OA"))
            #expect(html.contains("<table id=\"users-table\">"))
            for user in [EmulatorHarness.brownID, EmulatorHarness.conyID, "brown@example.com", "cony@example.com", "Brown", "Cony"] {
                #expect(html.contains(user), "\(user)")
            }
            // Tokens by fingerprint only.
            #expect(html.contains("<code class=\"fingerprint\">\(Self.fingerprint(access))</code>"))
            #expect(html.contains("<code class=\"fingerprint\">\(Self.fingerprint(refresh))</code>"))
            for (name, value) in [
                ("access token", access), ("refresh token", refresh), ("ID token", idToken),
                ("channel secret", Self.secret), ("password", Self.password),
            ] {
                #expect(!html.contains(value), "the page shows the \(name)")
            }
            #expect(!html.contains(TokenDigest.of(access)), "a whole digest is more than a fingerprint")
            // Keys and clock.
            #expect(html.contains("<code>\(harness.emulator.currentKeyID)</code>"))
            #expect(html.contains("ES256"))
            #expect(html.contains("id=\"clock-offset\" data-seconds=\"0\""))
            // Read-only without test controls.
            #expect(!html.contains("<form"))
            #expect(!html.contains("csrf_token"))
            #expect(!html.contains(DashboardPage.actionPath))
        }
    }

    /// Only live records: an open login page appears, an expired access token disappears.
    @Test func listsPendingLoginSessionsAndDropsExpiredTokens() async throws {
        try await EmulatorHarness.with(Self.configuration(testControls: false)) { harness in
            let access = try #require(try await harness.login(password: Self.password).string("access_token"))
            let before = try await harness.client.get("/").text
            #expect(before.contains("No one is signing in."))
            #expect(before.contains(Self.fingerprint(access)))

            let redirect = "http://127.0.0.1:49152/callback?from=dashboard-test"
            let login = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(redirectURI: redirect))
            #expect(login.status == 200)
            harness.emulator.expireAccessTokens()
            let after = try await harness.client.get("/").text
            #expect(after.contains("<table id=\"sessions-table\">"))
            #expect(after.contains(HTMLEscaping.escape(redirect)))
            #expect(after.contains("On the login page"))
            #expect(!after.contains(Self.fingerprint(access)), "an expired access token is not live")
            #expect(after.contains("No live access tokens."))
        }
    }

    /// With test controls, one form per action carrying the emulator's token.
    /// A browser's SSO session shows by the fingerprint of its cookie, never the cookie.
    @Test func listsSSOSessionsByFingerprint() async throws {
        try await EmulatorHarness.with { harness in
            #expect(try await harness.client.get("/").text.contains("No browser is signed in."))
            let cookie = try await SignInFlowTests.passwordLogin(harness).cookie
            let value = String(try #require(cookie.split(separator: "=", maxSplits: 1).last))
            let page = try await harness.client.get("/").text
            #expect(page.contains("SSO sessions"))
            #expect(page.contains(Self.fingerprint(value)))
            #expect(!page.contains(value))
            #expect(!page.contains("No browser is signed in."))
        }
    }

    @Test func buttonsOnlyWithTestControls() async throws {
        try await EmulatorHarness.with(Self.configuration(testControls: true)) { harness in
            let html = try await harness.client.get("/").text
            let token = try #require(Self.csrfToken(in: html))
            #expect(token == harness.emulator.store.dashboardCSRFToken)
            #expect(html.contains("<form method=\"post\" action=\"\(DashboardPage.actionPath)\""))
            for action in TestControlAction.Kind.allCases where action != .advanceClock {
                #expect(html.contains("name=\"action\" value=\"\(action.rawValue)\""), "\(action)")
            }
            #expect(html.contains("<input type=\"hidden\" name=\"action\" value=\"advance-clock\">"))
            #expect(html.contains("<label for=\"advance-seconds\">"))
            #expect(html.contains("id=\"advance-seconds\" name=\"seconds\""))
        }
    }

    /// The cross-site defences, each on its own: a missing or wrong token, a foreign or opaque Origin, Sec-Fetch-Site.
    @Test func anActionNeedsTheTokenAndThisOrigin() async throws {
        try await EmulatorHarness.with(Self.configuration(testControls: true)) { harness in
            let token = try #require(Self.csrfToken(in: try await harness.client.get("/").text))
            let key = harness.emulator.currentKeyID
            let path = DashboardPage.actionPath
            let rotate = [("action", "rotate-signing-key")]

            let missing = try await harness.client.postForm(path, rotate)
            #expect(missing.status == 403)
            #expect(missing.headers["content-type"]?.hasPrefix("text/html") == true)
            let wrong = try await harness.client.postForm(path, rotate + [("csrf_token", String(repeating: "0", count: 64))])
            #expect(wrong.status == 403)
            let foreign = try await harness.client.postForm(
                path, rotate + [("csrf_token", token)], headers: ["Origin": "http://evil.example"])
            #expect(foreign.status == 403)
            let otherPort = try await harness.client.postForm(
                path, rotate + [("csrf_token", token)], headers: ["Origin": "http://127.0.0.1:1"])
            #expect(otherPort.status == 403, "another port is another origin")
            let opaque = try await harness.client.postForm(
                path, rotate + [("csrf_token", token)], headers: ["Origin": "null"])
            #expect(opaque.status == 403, "a sandboxed frame or a data: URL")
            let crossSite = try await harness.client.postForm(
                path, rotate + [("csrf_token", token)], headers: ["Sec-Fetch-Site": "cross-site"])
            #expect(crossSite.status == 403)
            #expect(harness.emulator.currentKeyID == key, "no refused request rotated the key")

            var origin = harness.baseURL.absoluteString
            while origin.hasSuffix("/") { origin.removeLast() }
            let accepted = try await harness.client.postForm(
                path, rotate + [("csrf_token", token)], headers: ["Origin": origin, "Sec-Fetch-Site": "same-origin"])
            #expect(accepted.status == 303)
            #expect(accepted.headers["location"] == "/?done=rotate-signing-key")
            #expect(harness.emulator.currentKeyID != key)

            let reloaded = try await harness.client.get("/?done=rotate-signing-key").text
            #expect(reloaded.contains("<p class=\"notice\" role=\"status\">Done: a new signing key signs ID tokens.</p>"))
            #expect(reloaded.contains("<code>\(key)</code>"), "the old key is still published")
            #expect(reloaded.contains("<code>\(harness.emulator.currentKeyID)</code>"))

            let unknown = try await harness.client.postForm(path, [("action", "explode"), ("csrf_token", token)])
            #expect(unknown.status == 400)
        }
    }

    /// The clock buttons change what tokens the API accepts, and the page shows the offset.
    @Test func advanceAndResetTheClockFromTheDashboard() async throws {
        try await EmulatorHarness.with(Self.configuration(testControls: true)) { harness in
            let access = try #require(try await harness.login(password: Self.password).string("access_token"))
            let token = try #require(Self.csrfToken(in: try await harness.client.get("/").text))
            let path = DashboardPage.actionPath
            let lifetime = Int(harness.emulator.configuration.accessTokenLifetime)
            let advanced = try await harness.client.postForm(
                path, [("action", "advance-clock"), ("seconds", String(lifetime + 60)), ("csrf_token", token)])
            #expect(advanced.status == 303)
            #expect(try await harness.client.get("/").text.contains("id=\"clock-offset\" data-seconds=\"\(lifetime + 60)\""))
            #expect(try await harness.client.bearer("/v2/profile", token: access).status == 401)

            let reset = try await harness.client.postForm(path, [("action", "reset-clock"), ("csrf_token", token)])
            #expect(reset.status == 303)
            #expect(reset.headers["location"] == "/?done=reset-clock")
            #expect(try await harness.client.get("/").text.contains("id=\"clock-offset\" data-seconds=\"0\""))
            #expect(try await harness.client.bearer("/v2/profile", token: access).status == 200)

            let bad = try await harness.client.postForm(path, [("action", "advance-clock"), ("seconds", "-1"), ("csrf_token", token)])
            #expect(bad.status == 400)
        }
    }

    /// 405 with Allow on `/` and on the action path; the action path does not exist without test controls.
    @Test func wrongMethodsAndPathsWithoutTestControls() async throws {
        try await EmulatorHarness.with(Self.configuration(testControls: false)) { harness in
            let post = try await harness.client.postForm("/", [])
            #expect(post.status == 405)
            #expect(post.headers["allow"] == "GET")
            #expect(post.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(try await harness.client.send("DELETE", "/").status == 405)
            // Even with the right token the endpoint does not exist.
            let token = harness.emulator.store.dashboardCSRFToken
            let action = try await harness.client.postForm(
                DashboardPage.actionPath, [("action", "rotate-signing-key"), ("csrf_token", token)])
            #expect(action.status == 404)
        }
        try await EmulatorHarness.with(Self.configuration(testControls: true)) { harness in
            let get = try await harness.client.get(DashboardPage.actionPath)
            #expect(get.status == 405)
            #expect(get.headers["allow"] == "POST")
        }
    }
}
#endif
