#if Emulator
import Foundation
import Testing
@testable import LineLoginEmulator
import LineLoginPrimitives

/// The login page holds no password, a second factor can't be guessed for ever, and no page may be
/// sniffed into another type.
@Suite struct LoginPageSafetyTests {
    @Test func thePickerSignsInWithoutAPasswordInThePage() async throws {
        var configuration = EmulatorConfiguration.default
        // Passwords no other text of the page could contain (the defaults are the users' names).
        configuration.users[0].password = "first-password-from-a-config-file"
        configuration.users[1].password = "second-password-from-a-config-file"
        try await EmulatorHarness.with(configuration) { harness in
            let pkce = PKCE()
            let page = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(pkce: pkce))
            #expect(page.status == 200)
            for user in configuration.users {
                #expect(!page.text.contains(user.password), "the page holds \(user.displayName)'s password")
                #expect(page.text.contains(#"name="user" value="\#(user.userID)""#), "a picker button for \(user.displayName)")
            }
            #expect(!page.text.contains("data-password"))
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            // One click: the picker posts the user; the server fills the password in.
            let picked = try await harness.client.postForm(
                "/oauth2/v2.1/login", [("session", session), ("action", "pick-user"), ("user", EmulatorHarness.conyID)])
            _ = try SignInFlowTests.cookie(of: picked)
            let done =
                picked.status == 302
                ? picked : try await harness.client.postForm("/oauth2/v2.1/consent", [("session", session), ("action", "allow")])
            let claims = try await SignInFlowTests.claims(harness, code: try #require(done.locationQuery["code"]), pkce: pkce)
            #expect(claims["sub"] == .string(EmulatorHarness.conyID))
            #expect(claims["amr"] == .array([.string("pwd")]))

            let again = try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(extra: [("prompt", "login")]))
            let unknown = try await harness.client.postForm(
                "/oauth2/v2.1/login",
                [("session", try #require(EmulatorHarness.sessionID(in: again.text))), ("action", "pick-user"), ("user", "Unobody")])
            #expect(unknown.status == 400, "only configured users can be picked")
        }
    }

    @Test func fiveWrongSecondFactorCodesEndTheAttempt() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.users[0].secondFactorCode = "246810"
        try await EmulatorHarness.with(configuration) { harness in
            let page = try await harness.client.get(
                "/oauth2/v2.1/authorize", query: harness.authorizeQuery(state: "guess", pkce: PKCE()))
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let password: [(String, String)] = [
                ("session", session), ("email", "brown@example.com"), ("password", "brown"), ("action", "login"),
            ]
            #expect(try await harness.client.postForm("/oauth2/v2.1/login", password).text.contains(#"name="code""#))
            for attempt in 1...4 {
                let wrong = try await harness.client.postForm(
                    "/oauth2/v2.1/login", [("session", session), ("code", "00000\(attempt)"), ("action", "verify-code")])
                #expect(wrong.status == 200 && wrong.text.contains("The verification code is incorrect."), "wrong code \(attempt)")
                if attempt == 2 {
                    // The password again must not buy new guesses.
                    _ = try await harness.client.postForm("/oauth2/v2.1/login", password)
                }
            }
            let fifth = try await harness.client.postForm(
                "/oauth2/v2.1/login", [("session", session), ("code", "000005"), ("action", "verify-code")])
            #expect(fifth.status == 302, "the fifth wrong code ends the attempt")
            #expect(fifth.locationQuery["error"] == "access_denied")
            #expect(fifth.locationQuery["state"] == "guess")
            #expect(fifth.headers["set-cookie"] == nil)
            let right = try await harness.client.postForm(
                "/oauth2/v2.1/login", [("session", session), ("code", "246810"), ("action", "verify-code")])
            #expect(right.status != 302 && right.headers["set-cookie"] == nil, "the right code no longer signs in: the attempt is over")
        }
    }

    /// Many wrong codes at once: each is counted before it is checked, under the store's lock, so at most
    /// five are checked (four "incorrect" pages and one end of the attempt), however the requests interleave.
    /// With a count read before the check and written back after it, parallel requests all saw the same
    /// count and all had their code checked. The requests are held 20 ms before the check so that they
    /// overlap there: on two cores they hardly ever do by themselves, and without the pause this test
    /// passed with the old code too.
    @Test func parallelWrongCodesAreCheckedAtMostFiveTimes() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.users[0].secondFactorCode = "246810"
        try await EmulatorHarness.with(configuration) { harness in
            harness.emulator.store.secondFactorCheckPause.withLock { $0 = .milliseconds(20) }
            for round in 1...3 {
                let page = try await harness.client.get(
                    "/oauth2/v2.1/authorize", query: harness.authorizeQuery(state: "flood", pkce: PKCE()))
                let session = try #require(EmulatorHarness.sessionID(in: page.text))
                let password = try await harness.client.postForm(
                    "/oauth2/v2.1/login",
                    [("session", session), ("email", "brown@example.com"), ("password", "brown"), ("action", "login")])
                #expect(password.text.contains(#"name="code""#))
                let answers = try await withThrowingTaskGroup(of: HTTPResult.self) { group in
                    for attempt in 0..<48 {
                        group.addTask {
                            try await harness.client.postForm(
                                "/oauth2/v2.1/login",
                                [("session", session), ("code", String(100_000 + attempt)), ("action", "verify-code")])
                        }
                    }
                    var all: [HTTPResult] = []
                    for try await answer in group { all.append(answer) }
                    return all
                }
                let incorrect = answers.filter { $0.status == 200 && $0.text.contains("The verification code is incorrect.") }
                let ended = answers.filter { $0.status == 302 && $0.locationQuery["error"] == "access_denied" }
                #expect(incorrect.count == 4, "round \(round): \(incorrect.count) codes were checked and answered 'incorrect'")
                #expect(ended.count == 1, "round \(round): one answer ends the attempt")
                #expect(answers.allSatisfy { $0.headers["set-cookie"] == nil }, "round \(round): no one signed in")
                let right = try await harness.client.postForm(
                    "/oauth2/v2.1/login", [("session", session), ("code", "246810"), ("action", "verify-code")])
                #expect(right.status != 302 && right.headers["set-cookie"] == nil, "round \(round): the attempt is over")
            }
        }
    }

    @Test func everyPageAndAnswerSaysNoSniff() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.testControls = true
        try await EmulatorHarness.with(configuration) { harness in
            let answers = [
                try await harness.client.get("/"),
                try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery()),
                try await harness.client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery(clientID: "0000000000")),
                try await harness.client.get("/.well-known/openid-configuration"),
                try await harness.client.get("/no-such-page"),
                try await harness.client.get("/_emulator/stats"),
            ]
            for answer in answers {
                #expect(answer.headers["x-content-type-options"] == "nosniff", "status \(answer.status): \(answer.text.prefix(60))")
            }
        }
    }
}
#endif
