#if Emulator
import Foundation
import LineLoginEmulator
import Testing

@Suite("Authorization pages")
struct AuthorizationFlowTests {
    @Test func loginPageKeepsTheHTMLContract() async throws {
        try await EmulatorHarness.with { harness in
            let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            #expect(page.status == 200)
            #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(page.headers["cache-control"] == "no-store")
            let html = page.text
            #expect(html.contains(#"<form method="post" action="/oauth2/v2.1/login">"#))
            #expect(EmulatorHarness.sessionID(in: html) != nil)
            #expect(html.contains(#"name="email""#))
            #expect(html.contains(#"name="password""#))
            #expect(html.contains(#"<button type="submit" name="action" value="login">"#))
            #expect(html.contains(#"<button type="submit" name="action" value="cancel">"#))
            #expect(html.contains("brown@example.com"))
            #expect(html.contains("#06C755"))
            #expect(!html.contains("http://") && !html.contains("https://"), "no external assets")
        }
    }

    @Test func consentPageOffersTheBotOnlyWithBotPrompt() async throws {
        try await EmulatorHarness.with { harness in
            for botPrompt in [false, true] {
                // prompt=consent: Cony granted these scopes in the first round.
                let extra = [("prompt", "consent")] + (botPrompt ? [("bot_prompt", "normal")] : [])
                let page = try await harness.client.get(
                    "/oauth2/v2.1/authorize",
                    query: harness.authorizeQuery(extra: extra)
                )
                let session = try #require(EmulatorHarness.sessionID(in: page.text))
                let consent = try await harness.client.postForm(
                    "/oauth2/v2.1/login",
                    [("session", session), ("email", "cony@example.com"), ("password", "cony"), ("action", "login")]
                )
                let html = consent.text
                #expect(consent.status == 200)
                #expect(html.contains(#"<form method="post" action="/oauth2/v2.1/consent">"#))
                #expect(html.contains(#"<input type="hidden" name="session" value="\#(session)">"#))
                #expect(html.contains(#"<button type="submit" name="action" value="allow">"#))
                #expect(html.contains(#"<button type="submit" name="action" value="cancel">"#))
                #expect(html.contains("Your email address"))
                let checkbox = #"<input type="checkbox" name="add_friend" value="on" checked>"#
                #expect(html.contains(checkbox) == botPrompt)
                #expect(html.contains("Add LINE Emulator OA as a friend") == botPrompt)
            }
        }
    }

    @Test func fullFlowAddsFriendAndReportsTheChange() async throws {
        try await EmulatorHarness.with { harness in
            let state = "xyz-123._~"
            let pkce = PKCE()
            let result = try await harness.browserLogin(
                query: harness.authorizeQuery(state: state, pkce: pkce, extra: [("bot_prompt", "normal")]),
                email: "cony@example.com",
                password: "cony",
                consent: [("action", "allow"), ("add_friend", "on")]
            )
            #expect(result.status == 302)
            let location = try #require(result.headers["location"])
            #expect(location.hasPrefix(harness.redirectURI + "?code="))
            #expect(result.locationQuery["state"] == state)
            #expect(result.locationQuery["friendship_status_changed"] == "true")
            #expect(result.locationQuery["iss"] == nil)
            #expect(harness.emulator.configuration.users.first { $0.userID == EmulatorHarness.conyID }?.isFriend == true)

            // Brown is already a friend: the option isn't shown, and so nothing is said of it.
            let again = try await harness.browserLogin(
                query: harness.authorizeQuery(extra: [("bot_prompt", "normal")]),
                consent: [("action", "allow"), ("add_friend", "on")]
            )
            #expect(again.status == 302)
            #expect(again.locationQuery["code"] != nil)
            #expect(again.locationQuery["friendship_status_changed"] == nil)
        }
    }

    @Test func withoutBotPromptThereIsNoFriendshipParameter() async throws {
        try await EmulatorHarness.with { harness in
            let result = try await harness.browserLogin(query: harness.authorizeQuery())
            #expect(result.status == 302)
            #expect(result.locationQuery["code"] != nil)
            #expect(result.locationQuery["friendship_status_changed"] == nil)
        }
    }

    @Test func wrongPasswordShowsTheLoginPageAgain() async throws {
        try await EmulatorHarness.with { harness in
            let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let wrong = try await harness.client.postForm(
                "/oauth2/v2.1/login",
                [("session", session), ("email", "brown@example.com"), ("password", "nope"), ("action", "login")]
            )
            #expect(wrong.status == 200)
            #expect(wrong.text.contains("incorrect"))
            #expect(wrong.text.contains(#"<form method="post" action="/oauth2/v2.1/login">"#))
            #expect(EmulatorHarness.sessionID(in: wrong.text) == session)
            // The user ID works in the email field too.
            let right = try await harness.client.postForm(
                "/oauth2/v2.1/login",
                [("session", session), ("email", EmulatorHarness.brownID), ("password", "brown"), ("action", "login")]
            )
            #expect(right.text.contains(#"action="/oauth2/v2.1/consent""#))
        }
    }

    @Test func cancelOnLoginOrConsentDeniesAccess() async throws {
        try await EmulatorHarness.with { harness in
            let state = "cancel-state"
            let page = try await harness.client.get(
                "/oauth2/v2.1/authorize",
                query: harness.authorizeQuery(state: state)
            )
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let cancelled = try await harness.client.postForm(
                "/oauth2/v2.1/login",
                [("session", session), ("email", ""), ("password", ""), ("action", "cancel")]
            )
            #expect(cancelled.status == 302)
            #expect(cancelled.locationQuery["error"] == "access_denied")
            #expect(cancelled.locationQuery["error_description"] == "The resource owner denied the request.")
            #expect(cancelled.locationQuery["state"] == state)
            #expect(cancelled.headers["location"]?.contains("error_description=The+resource+owner+denied+the+request.") == true)

            let consentCancel = try await harness.browserLogin(
                query: harness.authorizeQuery(state: state),
                consent: [("action", "cancel")]
            )
            #expect(consentCancel.status == 302)
            #expect(consentCancel.locationQuery["error"] == "access_denied")
            #expect(consentCancel.locationQuery["state"] == state)
            #expect(consentCancel.locationQuery["code"] == nil)
        }
    }

    @Test func sessionsAreSingleUseAndExpire() async throws {
        try await EmulatorHarness.with { harness in
            let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            _ = try await harness.client.postForm(
                "/oauth2/v2.1/login",
                [("session", session), ("email", "brown@example.com"), ("password", "brown"), ("action", "login")]
            )
            let first = try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")])
            #expect(first.status == 302)
            let second = try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")])
            #expect(second.status == 400)
            #expect(second.headers["location"] == nil)

            let other = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            let stale = try #require(EmulatorHarness.sessionID(in: other.text))
            harness.emulator.advanceClock(by: 601)
            let expired = try await harness.client.postForm(
                "/oauth2/v2.1/login",
                [("session", stale), ("email", "brown@example.com"), ("password", "brown"), ("action", "login")]
            )
            #expect(expired.status == 400)
            #expect(expired.headers["content-type"]?.hasPrefix("text/html") == true)
        }
    }

    @Test func consentWithoutLoginIsRejected() async throws {
        try await EmulatorHarness.with { harness in
            let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let result = try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")])
            #expect(result.status == 400)
            #expect(result.headers["location"] == nil)
        }
    }

    @Test func echoedInputIsEscaped() async throws {
        try await EmulatorHarness.with { harness in
            let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let result = try await harness.client.postForm(
                "/oauth2/v2.1/login",
                [("session", session), ("email", #""><script>alert(1)</script>"#), ("password", "x"), ("action", "login")]
            )
            #expect(result.status == 200)
            #expect(!result.text.contains("<script>alert(1)</script>"))
            #expect(result.text.contains("&quot;&gt;&lt;script&gt;"))
        }
    }

    @Test(arguments: [
        ("client_id", "9999999999"),
        ("redirect_uri", "https://evil.example.com/callback"),
        ("redirect_uri", "http://localhost/callback"),
        ("redirect_uri", "http://127.0.0.1:8080/other"),
        ("redirect_uri", "http://127.0.0.1/callback#fragment"),
    ])
    func invalidClientOrRedirectShowsAnErrorPage(name: String, value: String) async throws {
        try await EmulatorHarness.with { harness in
            let query = harness.authorizeQuery().map { $0.0 == name ? (name, value) : $0 }
            let result = try await harness.client.get("/oauth2/v2.1/authorize", query: query)
            #expect(result.status == 400)
            #expect(result.headers["location"] == nil)
            #expect(result.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(result.text.contains(name))
        }
    }

    @Test func missingClientIDOrRedirectAndDuplicatesShowAnErrorPage() async throws {
        try await EmulatorHarness.with { harness in
            for name in ["client_id", "redirect_uri"] {
                let without = harness.authorizeQuery().filter { $0.0 != name }
                let missing = try await harness.client.get("/oauth2/v2.1/authorize", query: without)
                #expect(missing.status == 400)
                #expect(missing.headers["location"] == nil)
                let duplicated = harness.authorizeQuery() + harness.authorizeQuery().filter { $0.0 == name }
                let twice = try await harness.client.get("/oauth2/v2.1/authorize", query: duplicated)
                #expect(twice.status == 400)
                #expect(twice.headers["location"] == nil)
            }
        }
    }

    @Test func loopbackCallbackMatchesAnyPort() async throws {
        try await EmulatorHarness.with { harness in
            for redirect in ["http://127.0.0.1/callback", "http://127.0.0.1:1/callback", "http://127.0.0.1:65535/callback?x=1"] {
                let result = try await harness.client.get(
                    "/oauth2/v2.1/authorize",
                    query: harness.authorizeQuery(redirectURI: redirect)
                )
                #expect(result.status == 200, "\(redirect)")
            }
        }
    }

    @Test func requestErrorsRedirectWithUpperCaseCodes() async throws {
        try await EmulatorHarness.with { harness in
            let base = harness.authorizeQuery(state: "st")
            func replacing(_ name: String, with value: String?) -> [(String, String)] {
                var query = base.filter { $0.0 != name }
                if let value { query.append((name, value)) }
                return query
            }
            let cases: [([(String, String)], String)] = [
                (replacing("response_type", with: "token"), "unsupported_response_type"),
                (replacing("response_type", with: nil), "INVALID_REQUEST"),
                (replacing("scope", with: nil), "invalid_scope"),
                (replacing("scope", with: ""), "invalid_scope"),
                (replacing("scope", with: "email"), "invalid_scope"),
                (replacing("scope", with: "profile friends"), "invalid_scope"),
                (base + [("code_challenge", PKCE().challenge), ("code_challenge_method", "plain")], "INVALID_REQUEST"),
                (base + [("code_challenge", "short"), ("code_challenge_method", "S256")], "INVALID_REQUEST"),
                (base + [("code_challenge", PKCE().challenge)], "INVALID_REQUEST"),
                (base + [("code_challenge_method", "S256")], "INVALID_REQUEST"),
                (base + [("scope", "openid")], "INVALID_REQUEST"),
                (base + [("bot_prompt", "sometimes")], "INVALID_REQUEST"),
                (base + [("max_age", "-1")], "INVALID_REQUEST"),
                (base + [("prompt", "select_account")], "INVALID_REQUEST"),
                (base + [("prompt", "none")], "login_required"),
            ]
            for (query, expected) in cases {
                let result = try await harness.client.get("/oauth2/v2.1/authorize", query: query)
                #expect(result.status == 302, "\(query)")
                #expect(result.locationQuery["error"] == expected, "\(query)")
                #expect(result.locationQuery["error_description"]?.isEmpty == false)
                #expect(result.locationQuery["state"] == "st")
                #expect(result.headers["location"]?.hasPrefix(harness.redirectURI + "?") == true)
            }

            let noState = try await harness.client.get("/oauth2/v2.1/authorize", query: replacing("state", with: nil))
            #expect(noState.status == 302)
            // LINE's spelling and words (RedirectErrorCode cites the evidence); clients match codes case-insensitively.
            #expect(noState.locationQuery["error"] == "INVALID_REQUEST")
            #expect(noState.locationQuery["error_description"] == "'state' is not specified.")
            #expect(noState.locationQuery["state"] == nil)

            let reserved = try await harness.client.get("/oauth2/v2.1/authorize", query: replacing("state", with: "a b/c"))
            #expect(reserved.locationQuery["error"] == "INVALID_REQUEST")
        }
    }

    @Test func scopesNotAllowedForTheChannelAreRejected() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.channels[0].allowedScopes = ["profile", "openid"]
        try await EmulatorHarness.with(configuration) { harness in
            let result = try await harness.client.get(
                "/oauth2/v2.1/authorize",
                query: harness.authorizeQuery(scope: "profile openid email", state: "st")
            )
            #expect(result.locationQuery["error"] == "invalid_scope")
        }
    }
}
#endif
