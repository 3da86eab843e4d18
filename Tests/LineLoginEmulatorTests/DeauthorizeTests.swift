#if Emulator
import Foundation
import LineLoginEmulator
import Testing

/// `POST /user/v1/deauthorize` ends what the user authorized for that channel, and only that: the
/// consent (the next login asks again, `prompt=none` answers `consent_required`), the codes not yet
/// exchanged and the tokens; another channel's consent and the browser's SSO session stay.
@Suite("Deauthorize")
struct DeauthorizeTests {
    static let otherChannelID = "2222222222"

    static var twoChannels: EmulatorConfiguration {
        var configuration = EmulatorConfiguration.default
        configuration.channels.append(
            EmulatorChannel(channelID: otherChannelID, channelSecret: "other-secret", callbackURLs: ["http://127.0.0.1/callback"]))
        return configuration
    }

    /// A channel access token for the default channel (`POST /oauth2/v3/token`).
    static func channelAccessToken(_ harness: EmulatorHarness) async throws -> String {
        let result = try await harness.client.postForm(
            "/oauth2/v3/token",
            [("grant_type", "client_credentials"), ("client_id", EmulatorHarness.channelID), ("client_secret", harness.secret)])
        return try #require(result.string("access_token"), "channel token: \(result.text)")
    }

    static func deauthorize(_ harness: EmulatorHarness, userAccessToken: String) async throws -> HTTPResult {
        let channelToken = try await channelAccessToken(harness)
        let body = try JSONSerialization.data(withJSONObject: ["userAccessToken": userAccessToken])
        return try await harness.client.send(
            "POST", "/user/v1/deauthorize",
            headers: ["Authorization": "Bearer \(channelToken)", "Content-Type": "application/json"], body: body)
    }

    /// Brown signs in with his password on `clientID` and consents; returns the SSO cookie.
    static func signIn(_ harness: EmulatorHarness, clientID: String) async throws -> String {
        let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(clientID: clientID))
        let session = try #require(EmulatorHarness.sessionID(in: page.text))
        let login = try await harness.client.postForm(
            "/oauth2/v2.1/login", [("session", session), ("email", "brown@example.com"), ("password", "brown"), ("action", "login")])
        let cookie = try SignInFlowTests.cookie(of: login)
        let done = try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")])
        try #require(done.locationQuery["code"] != nil, "consent: \(done.status)")
        return cookie
    }

    static func authorize(_ harness: EmulatorHarness, clientID: String, cookie: String, prompt: String? = nil, pkce: PKCE? = nil)
        async throws -> HTTPResult
    {
        let extra = prompt.map { [("prompt", $0)] } ?? []
        return try await harness.client.get(
            "/oauth2/v2.1/authorize", query: harness.authorizeQuery(clientID: clientID, pkce: pkce, extra: extra),
            headers: ["Cookie": cookie])
    }

    @Test func endsTheConsentCodesAndTokensOfThatChannelOnly() async throws {
        try await EmulatorHarness.with(Self.twoChannels) { harness in
            let cookie = try await Self.signIn(harness, clientID: EmulatorHarness.channelID)
            _ = try await Self.signIn(harness, clientID: Self.otherChannelID)

            // Before: the SSO session and the consent give a code without a page, on both channels.
            let pkce = PKCE()
            let first = try await Self.authorize(harness, clientID: EmulatorHarness.channelID, cookie: cookie, pkce: pkce)
            let tokens = try await harness.exchange(code: try #require(first.locationQuery["code"]), pkce: pkce)
            let accessToken = try #require(tokens.string("access_token"))
            let refreshToken = try #require(tokens.string("refresh_token"))
            let unusedPKCE = PKCE()
            let unused = try await Self.authorize(harness, clientID: EmulatorHarness.channelID, cookie: cookie, pkce: unusedPKCE)
            let unusedCode = try #require(unused.locationQuery["code"])
            let otherPKCE = PKCE()
            let otherUnused = try await Self.authorize(harness, clientID: Self.otherChannelID, cookie: cookie, pkce: otherPKCE)
            let otherCode = try #require(otherUnused.locationQuery["code"])

            let answer = try await Self.deauthorize(harness, userAccessToken: accessToken)
            #expect(answer.status == 204, "\(answer.text)")

            // The channel's tokens and its unused code are gone.
            #expect(try await harness.client.get("/oauth2/v2.1/verify", query: [("access_token", accessToken)]).status == 400)
            #expect(try await harness.refresh(refreshToken).string("error") == "invalid_grant")
            let late = try await harness.exchange(code: unusedCode, pkce: unusedPKCE)
            #expect(late.status == 400 && late.string("error") == "invalid_grant", "a code issued before deauthorize")

            // The consent is gone: prompt=none can't answer silently, and a login asks again.
            let silent = try await Self.authorize(harness, clientID: EmulatorHarness.channelID, cookie: cookie, prompt: "none")
            #expect(silent.status == 302 && silent.locationQuery["error"] == "consent_required")
            #expect(silent.locationQuery["code"] == nil)
            let again = try await Self.authorize(harness, clientID: EmulatorHarness.channelID, cookie: cookie)
            #expect(again.status == 200 && again.text.contains(#"action="/oauth2/v2.1/consent""#), "the consent page, not a code")

            // The other channel's consent and code, and the SSO session, are untouched.
            let otherTokens = try await harness.client.postForm(
                "/oauth2/v2.1/token",
                [
                    ("grant_type", "authorization_code"), ("code", otherCode), ("redirect_uri", harness.redirectURI),
                    ("client_id", Self.otherChannelID), ("code_verifier", otherPKCE.verifier),
                ])
            #expect(otherTokens.status == 200, "\(otherTokens.text)")
            let otherSilent = try await Self.authorize(harness, clientID: Self.otherChannelID, cookie: cookie, prompt: "none")
            #expect(otherSilent.locationQuery["code"] != nil, "the other channel still answers without a page")
        }
    }

    @Test func anotherUsersCodesAndConsentStay() async throws {
        try await EmulatorHarness.with { harness in
            let brown = try await harness.login()
            let pkce = PKCE()
            let conyCode = try await harness.code(pkce: pkce, email: "cony@example.com", password: "cony")
            #expect(try await Self.deauthorize(harness, userAccessToken: try #require(brown.string("access_token"))).status == 204)
            #expect(try await harness.exchange(code: conyCode, pkce: pkce).status == 200, "Cony's code is Cony's")
        }
    }
}
#endif
