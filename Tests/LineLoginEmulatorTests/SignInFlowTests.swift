#if Emulator
import Foundation
import LineLoginEmulator
import Testing

/// SSO sessions, `amr`, the QR page, the second factor, `bot_prompt` screens and `ui_locales`, over HTTP.
struct SignInFlowTests {
    /// The SSO cookie a response sets, as a `Cookie` header value.
    static func cookie(of result: HTTPResult) throws -> String {
        let header = try #require(result.headers["set-cookie"], "no SSO cookie was set")
        #expect(header.contains("HttpOnly"))
        #expect(header.contains("SameSite=Lax"))
        #expect(header.contains("Path=/"))
        return String(try #require(header.split(separator: ";").first))
    }

    /// The ID token's claims for `code`.
    static func claims(_ harness: EmulatorHarness, code: String, pkce: PKCE) async throws -> [String: JSONValue] {
        let tokens = try await harness.exchange(code: code, pkce: pkce)
        try #require(tokens.status == 200, "token: \(tokens.text)")
        let idToken = try #require(tokens.string("id_token"))
        return try #require(JWT(idToken)).claims
    }

    /// Brown signs in with his password through consent, with `max_age` so that `auth_time` is issued;
    /// returns the SSO cookie and the claims.
    static func passwordLogin(_ harness: EmulatorHarness, extra: [(String, String)] = []) async throws
        -> (cookie: String, claims: [String: JSONValue])
    {
        let pkce = PKCE()
        let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(pkce: pkce, extra: extra))
        let session = try #require(EmulatorHarness.sessionID(in: page.text))
        let login = try await harness.client.postForm(
            "/oauth2/v2.1/login", [("session", session), ("email", "brown@example.com"), ("password", "brown"), ("action", "login")]
        )
        let cookie = try Self.cookie(of: login)
        // Consent is asked once per scope: a second login goes straight back.
        let done =
            login.status == 302
            ? login : try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")])
        let code = try #require(done.locationQuery["code"])
        return (cookie, try await Self.claims(harness, code: code, pkce: pkce))
    }

    @Test func anSSOSessionSignsInSilentlyWithLineautologin() async throws {
        try await EmulatorHarness.with { harness in
            let first = try await Self.passwordLogin(harness, extra: [("max_age", "3600")])
            #expect(first.claims["amr"] == .array([.string("pwd")]))
            harness.emulator.advanceClock(by: 60)

            let pkce = PKCE()
            let again = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(pkce: pkce, extra: [("max_age", "3600")]),
                headers: ["Cookie": "other=1; " + first.cookie]
            )
            #expect(again.status == 302, "no page: the session and the consent given before suffice")
            #expect(again.headers["set-cookie"] == nil)
            let claims = try await Self.claims(harness, code: try #require(again.locationQuery["code"]), pkce: pkce)
            #expect(claims["amr"] == .array([.string("lineautologin")]))
            #expect(claims["auth_time"] == first.claims["auth_time"], "auth_time is when the password was typed")

            // Without the cookie, or with a forged one, the login page.
            for cookie in [nil, "line_emulator_sso=forged"] {
                let page = try await harness.client.get(
                    "/oauth2/v2.1/authorize", query: harness.authorizeQuery(), headers: cookie.map { ["Cookie": $0] } ?? [:]
                )
                #expect(page.status == 200)
                #expect(page.text.contains(#"name="password""#))
            }
        }
    }

    @Test func promptLoginMaxAgeAndPromptConsentAskAgain() async throws {
        try await EmulatorHarness.with { harness in
            let first = try await Self.passwordLogin(harness)
            let cookie = ["Cookie": first.cookie]
            let login = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("prompt", "login")]), headers: cookie)
            #expect(login.status == 200 && login.text.contains(#"name="password""#))

            harness.emulator.advanceClock(by: 120)
            let tooOld = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("max_age", "60")]), headers: cookie)
            #expect(tooOld.status == 200 && tooOld.text.contains(#"name="password""#))
            let fresh = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("max_age", "600")]), headers: cookie)
            #expect(fresh.status == 302)

            let consent = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("prompt", "consent")]), headers: cookie)
            #expect(consent.status == 200)
            #expect(consent.text.contains(#"<form method="post" action="/oauth2/v2.1/consent">"#))
        }
    }

    @Test func promptNoneAnswersWithoutPagesOrWithLINEsError() async throws {
        try await EmulatorHarness.with { harness in
            func none(_ extra: [(String, String)] = [], scope: String = "profile openid email", cookie: String?) async throws -> HTTPResult
            {
                try await harness.client.get(
                    "/oauth2/v2.1/authorize",
                    query: harness.authorizeQuery(scope: scope, state: "st", extra: [("prompt", "none")] + extra),
                    headers: cookie.map { ["Cookie": $0] } ?? [:]
                )
            }
            #expect(try await none(cookie: nil).locationQuery["error"] == "login_required")
            let first = try await Self.passwordLogin(harness)
            let silent = try await none(cookie: first.cookie)
            #expect(silent.status == 302 && silent.locationQuery["code"] != nil && silent.locationQuery["state"] == "st")
            #expect(try await none([("disable_auto_login", "true")], cookie: first.cookie).locationQuery["error"] == "interaction_required")
            harness.emulator.advanceClock(by: 10)
            #expect(try await none([("max_age", "1")], cookie: first.cookie).locationQuery["error"] == "login_required")
            let bad = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("prompt", "none login")]))
            #expect(bad.locationQuery["error"] == "INVALID_REQUEST")
        }
    }

    @Test func consentRequiredWhenPromptNoneMeetsANewScope() async throws {
        try await EmulatorHarness.with { harness in
            // Brown grants profile only, then an app asks for email without a page.
            let pkce = PKCE()
            let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(scope: "profile", pkce: pkce))
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let login = try await harness.client.postForm(
                "/oauth2/v2.1/login", [("session", session), ("email", "brown@example.com"), ("password", "brown"), ("action", "login")])
            let cookie = try Self.cookie(of: login)
            _ = try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")])
            let none = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("prompt", "none")]), headers: ["Cookie": cookie])
            #expect(none.locationQuery["error"] == "consent_required")
            let asked = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(), headers: ["Cookie": cookie])
            #expect(asked.status == 200 && asked.text.contains("Your email address"), "new scopes are asked for")
        }
    }

    @Test func autoLoginOffShowsContinueAsAndSignsInWithLinesso() async throws {
        try await EmulatorHarness.with { harness in
            let first = try await Self.passwordLogin(harness)
            let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15"
            for (extra, userAgent) in [([("disable_auto_login", "true")], "curl/8"), ([("disable_ios_auto_login", "true")], iPhone)] {
                let pkce = PKCE()
                let page = try await harness.client.get(
                    "/oauth2/v2.1/authorize", query: harness.authorizeQuery(pkce: pkce, extra: extra),
                    headers: ["Cookie": first.cookie, "User-Agent": userAgent])
                #expect(page.status == 200)
                #expect(page.text.contains("Continue as Brown"))
                #expect(page.text.contains(#"value="other-account""#))
                let session = try #require(EmulatorHarness.sessionID(in: page.text))
                let done = try await harness.client.postForm("/oauth2/v2.1/login", [("session", session), ("action", "continue")])
                let claims = try await Self.claims(harness, code: try #require(done.locationQuery["code"]), pkce: pkce)
                #expect(claims["amr"] == .array([.string("linesso")]))
            }
            // disable_ios_auto_login is iOS-only: elsewhere the session still signs in silently.
            let desktop = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("disable_ios_auto_login", "true")]),
                headers: ["Cookie": first.cookie, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64)"])
            #expect(desktop.status == 302)

            // "Log in with a different account" is the password page, and continue no longer works there.
            let page = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("disable_auto_login", "true")]),
                headers: ["Cookie": first.cookie])
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let other = try await harness.client.postForm("/oauth2/v2.1/login", [("session", session), ("action", "other-account")])
            #expect(other.text.contains(#"name="password""#))
            #expect(try await harness.client.postForm("/oauth2/v2.1/login", [("session", session), ("action", "continue")]).status == 400)
        }
    }

    @Test func anAutoLoginFailureCanBeForcedInTheBrowserToo() async throws {
        try await EmulatorHarness.with { harness in
            let first = try await Self.passwordLogin(harness)
            harness.emulator.failNextAutoLogin()
            let failed = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(state: "mine"), headers: ["Cookie": first.cookie])
            #expect(failed.status == 302)
            #expect(failed.locationQuery["state"] != "mine", "LINE's failure: a state the app never sent")
            let retry = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(state: "mine"), headers: ["Cookie": first.cookie])
            #expect(retry.locationQuery["state"] == "mine", "one failure only")
        }
    }

    @Test func theQRPageSignsInByAScanLink() async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            let page = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(pkce: pkce, extra: [("initial_amr_display", "lineqr")]))
            #expect(page.status == 200)
            #expect(page.text.contains("Log in with QR code"))
            #expect(page.text.contains(#"value="show-password""#))
            #expect(!page.text.contains(#"name="password""#))
            let link = try #require(page.text.firstMatch(of: /<a class="scan" href="([^"]+)">Scan as Cony<\/a>/)).1
            let scan = try await harness.client.get(String(link).replacingOccurrences(of: "&amp;", with: "&"))
            #expect(scan.status == 200, "consent comes next")
            _ = try Self.cookie(of: scan)
            let session = try #require(EmulatorHarness.sessionID(in: scan.text))
            #expect(
                try await harness.client.get(String(link).replacingOccurrences(of: "&amp;", with: "&")).status == 400,
                "one scan per session")
            let done = try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")])
            let claims = try await Self.claims(harness, code: try #require(done.locationQuery["code"]), pkce: pkce)
            #expect(claims["amr"] == .array([.string("lineqr")]))
            #expect(claims["sub"] == .string(EmulatorHarness.conyID))

            // The switch both ways, and switch_amr=false hides it and refuses it.
            let email = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            #expect(email.text.contains(#"value="show-qr""#))
            let emailSession = try #require(EmulatorHarness.sessionID(in: email.text))
            let qr = try await harness.client.postForm("/oauth2/v2.1/login", [("session", emailSession), ("action", "show-qr")])
            #expect(qr.text.contains("Scan as Brown"))
            let fixed = try await harness.client.get(
                "/oauth2/v2.1/authorize",
                query: harness.authorizeQuery(extra: [("initial_amr_display", "lineqr"), ("switch_amr", "false")]))
            #expect(!fixed.text.contains("show-password"))
            let fixedSession = try #require(EmulatorHarness.sessionID(in: fixed.text))
            #expect(
                try await harness.client.postForm("/oauth2/v2.1/login", [("session", fixedSession), ("action", "show-password")]).status
                    == 400)
            let plain = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("switch_amr", "false")]))
            #expect(plain.text.contains(#"name="password""#) && !plain.text.contains("show-qr"))
        }
    }

    @Test func aSecondFactorAddsMfa() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.users[0].secondFactorCode = "246810"
        try await EmulatorHarness.with(configuration) { harness in
            let pkce = PKCE()
            let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(pkce: pkce))
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let password = try await harness.client.postForm(
                "/oauth2/v2.1/login", [("session", session), ("email", "brown@example.com"), ("password", "brown"), ("action", "login")])
            #expect(password.text.contains(#"name="code""#))
            #expect(password.headers["set-cookie"] == nil, "no SSO session before the second factor")
            #expect(
                try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")]).status == 400,
                "the password alone signs no one in")
            let wrong = try await harness.client.postForm(
                "/oauth2/v2.1/login", [("session", session), ("code", "000000"), ("action", "verify-code")])
            #expect(wrong.text.contains("The verification code is incorrect."))
            let right = try await harness.client.postForm(
                "/oauth2/v2.1/login", [("session", session), ("code", "246810"), ("action", "verify-code")])
            _ = try Self.cookie(of: right)
            let done = try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")])
            let claims = try await Self.claims(harness, code: try #require(done.locationQuery["code"]), pkce: pkce)
            #expect(claims["amr"] == .array([.string("pwd"), .string("mfa")]))
        }
    }

    @Test func botPromptAggressiveAsksOnItsOwnScreen() async throws {
        try await EmulatorHarness.with { harness in
            for (action, changed) in [("skip-friend", "false"), ("add-friend", "true")] {
                let page = try await harness.client.get(
                    "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("bot_prompt", "aggressive"), ("prompt", "consent")]))
                let session = try #require(EmulatorHarness.sessionID(in: page.text))
                let consent = try await harness.client.postForm(
                    "/oauth2/v2.1/login", [("session", session), ("email", "cony@example.com"), ("password", "cony"), ("action", "login")])
                #expect(!consent.text.contains(#"name="add_friend""#), "aggressive has no checkbox on the consent screen")
                let ask = try await harness.client.postForm(
                    "/oauth2/v2.1/consent", [("session", session), ("action", "allow"), ("add_friend", "on")])
                #expect(ask.status == 200)
                #expect(ask.text.contains("Add LINE Emulator OA as a friend?"))
                let done = try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", action)])
                #expect(done.locationQuery["friendship_status_changed"] == changed)
            }
            // Cony is a friend now: no screen, and nothing said.
            let page = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("bot_prompt", "aggressive")]))
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let done = try await harness.client.postForm(
                "/oauth2/v2.1/login", [("session", session), ("email", "cony@example.com"), ("password", "cony"), ("action", "login")])
            #expect(done.status == 302)
            #expect(done.locationQuery["friendship_status_changed"] == nil)
        }
    }

    @Test func botPromptNormalCountsTheCheckboxOnlyWhereShown() async throws {
        try await EmulatorHarness.with { harness in
            // An add-friend action on a normal consent is refused; unchecking reports false.
            let page = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("bot_prompt", "normal")]))
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let consent = try await harness.client.postForm(
                "/oauth2/v2.1/login", [("session", session), ("email", "cony@example.com"), ("password", "cony"), ("action", "login")])
            #expect(consent.text.contains(#"<input type="checkbox" name="add_friend" value="on" checked>"#))
            #expect(
                try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "add-friend")]).status == 400)
            let done = try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")])
            #expect(done.locationQuery["friendship_status_changed"] == "false")
            #expect(harness.emulator.configuration.users.first { $0.userID == EmulatorHarness.conyID }?.isFriend == false)
        }
    }

    @Test func pagesSpeakJapaneseWhenAsked() async throws {
        try await EmulatorHarness.with { harness in
            let page = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("ui_locales", "ja-JP en")]))
            #expect(page.text.contains(#"<html lang="ja">"#))
            #expect(page.text.contains("パスワード"))
            #expect(page.text.contains("QRコードでログイン"))
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let consent = try await harness.client.postForm(
                "/oauth2/v2.1/login", [("session", session), ("email", "brown@example.com"), ("password", "brown"), ("action", "login")])
            #expect(consent.text.contains("許可する"))
            #expect(consent.text.contains("メールアドレス"))
            let english = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("ui_locales", "de")]))
            #expect(english.text.contains(#"<html lang="en">"#) && english.text.contains("Password"))
        }
    }
}
#endif
