#if Hummingbird && Emulator
@testable import ClientTestSupport
import EmulatorBrowser
import Foundation
import LineLoginEmulator
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

/// The framework-agnostic web login against the emulator, with the scripted browser as the user.
@Suite(.serialized) struct WebLoginTests {
    static let redirectURI = URL(string: "http://127.0.0.1:9/callback")!

    struct Setup {
        let fixture: EmulatorHarness
        let login: WebLogin
        let transport: RecordingTransport
        let clock: TestClock

        func browser(_ decision: ScriptedBrowser.Decision = .allow(addFriend: true)) -> ScriptedBrowser {
            ScriptedBrowser(email: "brown@example.com", password: "brown", decision: decision)
        }

        /// Starts, lets the browser sign in, and returns the callback URL and the cookie header.
        func signIn(_ decision: ScriptedBrowser.Decision = .allow(addFriend: true), returnTo: String? = nil) async throws -> (URL, String) {
            let start = try login.start(returnTo: returnTo)
            let callback = try await browser(decision).beginSession(redirectURI: WebLoginTests.redirectURI).present(start.authorizationURL)
            return (callback, "\(start.cookie.name)=\(start.cookie.value)")
        }

        var tokenRequests: Int { transport.requests.filter { $0.url.path == "/oauth2/v2.1/token" }.count }
    }

    static func setup(scopes: [String] = ["profile", "openid"], botPrompt: String? = "normal") async throws -> Setup {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let transport = RecordingTransport()
        let clock = TestClock(Date())
        let login = try WebLogin(
            configuration: WebLoginConfiguration(
                channelID: EmulatorHarness.channelID, channelSecret: fixture.secret(), redirectURI: redirectURI, platform: fixture.platform,
                scopes: scopes, botPrompt: botPrompt, transport: transport, clock: clock))
        return Setup(fixture: fixture, login: login, transport: transport, clock: clock)
    }

    @Test func startBuildsTheAuthorizeRedirectAndASealedCookie() async throws {
        let setup = try await Self.setup()
        let start = try setup.login.start()
        let query = Dictionary(
            uniqueKeysWithValues: (URLComponents(url: start.authorizationURL, resolvingAgainstBaseURL: false)?.queryItems ?? [])
                .map { ($0.name, $0.value ?? "") })
        #expect(start.authorizationURL.path == "/oauth2/v2.1/authorize")
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == EmulatorHarness.channelID)
        #expect(query["redirect_uri"] == Self.redirectURI.absoluteString)
        #expect(query["scope"] == "profile openid")
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["code_challenge"]?.count == 43)
        #expect(query["bot_prompt"] == "normal")
        let state = try #require(query["state"])
        let nonce = try #require(query["nonce"])
        #expect(state.count == 43 && nonce.count == 43 && state != nonce)
        #expect(query["disable_auto_login"] == nil)

        let cookie = start.cookie
        #expect(cookie.name == "line_login_attempt")
        #expect(cookie.httpOnly && cookie.sameSite == "Lax" && !cookie.secure, "loopback http: not Secure")
        #expect(cookie.path == "/callback")
        #expect(cookie.maxAge == 600)
        #expect(!cookie.value.contains(state) && !cookie.value.contains(nonce))
        #expect(!String(describing: start).contains(state))
        await setup.fixture.stop()
    }

    @Test func cookiesAreSecureOffLoopback() throws {
        let login = try WebLogin(
            configuration: WebLoginConfiguration(
                channelID: "1234567890", channelSecret: TestTokens.secret, redirectURI: URL(string: "https://example.com/auth/callback")!))
        let start = try login.start()
        #expect(start.cookie.secure)
        #expect(start.cookie.headerValue.contains("; Secure"))
        #expect(start.cookie.headerValue.contains("HttpOnly"))
        #expect(start.cookie.headerValue.contains("SameSite=Lax"))
        #expect(start.cookie.path == "/auth/callback")
        #expect(login.sessionCookieDeletion.secure)
    }

    @Test func completesTheLogin() async throws {
        let setup = try await Self.setup()
        let (callback, cookie) = try await setup.signIn(returnTo: "/profile")
        let result = try await setup.login.callback(url: callback, cookieHeader: "other=1; " + cookie)
        #expect(result.user.userID == "U4af4980629e3b1d6e1c0a6b1b1c3e9f1")
        #expect(result.user.displayName == "Brown")
        #expect(result.user.statusMessage == "Hello, LINE!")
        #expect(result.user.method == .webLogin)
        #expect(result.idToken?.subject == result.user.userID)
        #expect(result.profile?.displayName == "Brown")
        #expect(result.returnTo == "/profile")
        #expect(result.friendshipStatusChanged == nil, "Brown is already a friend: no option is shown, so LINE says nothing")
        #expect(result.tokens.refreshToken != nil)
        // The exchange used the channel secret and the PKCE verifier.
        let exchange = try #require(setup.transport.requests.first { $0.url.path == "/oauth2/v2.1/token" })
        let form = String(decoding: exchange.body ?? Data(), as: UTF8.self)
        #expect(form.contains("client_secret=") && form.contains("code_verifier=") && form.contains("grant_type=authorization_code"))
        #expect(!form.contains("id_token_key_type"), "web login takes the HS256 token")
        #expect(!String(describing: result).contains(result.tokens.accessToken))
        await setup.fixture.stop()
    }

    @Test func aStateMismatchNeverExchangesTheCode() async throws {
        let setup = try await Self.setup()
        let (callback, cookie) = try await setup.signIn()
        var components = try #require(URLComponents(url: callback, resolvingAgainstBaseURL: false))
        components.queryItems = components.queryItems?.map { $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0 }
        let forged = try #require(components.url)
        do {
            _ = try await setup.login.callback(url: forged, cookieHeader: cookie)
            Issue.record("accepted a forged state")
        } catch {
            #expect(error == .authorization(.stateMismatch))
            #expect(error.suggestsRetryWithoutAutoLogin)
        }
        #expect(setup.tokenRequests == 0)
        await setup.fixture.stop()
    }

    @Test func aCallbackWithoutItsAttemptIsRefused() async throws {
        let setup = try await Self.setup()
        let (callback, cookie) = try await setup.signIn()
        await #expect(throws: WebLoginError.noPendingLogin) { try await setup.login.callback(url: callback, cookieHeader: nil) }
        await #expect(throws: WebLoginError.noPendingLogin) {
            try await setup.login.callback(url: callback, cookieHeader: "line_login_attempt=garbage")
        }
        let otherServer = try WebLogin(
            configuration: WebLoginConfiguration(
                channelID: EmulatorHarness.channelID, channelSecret: setup.fixture.secret(), redirectURI: Self.redirectURI,
                platform: setup.fixture.platform))
        await #expect(throws: WebLoginError.noPendingLogin) { try await otherServer.callback(url: callback, cookieHeader: cookie) }
        setup.clock.advance(by: 601)
        await #expect(throws: WebLoginError.noPendingLogin) { try await setup.login.callback(url: callback, cookieHeader: cookie) }
        #expect(setup.tokenRequests == 0)
        await setup.fixture.stop()
    }

    @Test func cancelIsReportedAfterTheStateCheck() async throws {
        let setup = try await Self.setup()
        let (callback, cookie) = try await setup.signIn(.cancel)
        do {
            _ = try await setup.login.callback(url: callback, cookieHeader: cookie)
            Issue.record("accepted a cancelled login")
        } catch {
            #expect(error.isUserCancelled)
            #expect(error.code == "cancelled")
        }
        #expect(setup.tokenRequests == 0)
        await setup.fixture.stop()
    }

    @Test func aReplayedCallbackFails() async throws {
        let setup = try await Self.setup()
        let (callback, cookie) = try await setup.signIn()
        _ = try await setup.login.callback(url: callback, cookieHeader: cookie)
        let exchangesAfterFirst = setup.tokenRequests
        do {
            _ = try await setup.login.callback(url: callback, cookieHeader: cookie)
            Issue.record("a code was accepted twice")
        } catch {
            // Refused as a spent state before the exchange: the code is never sent a second time.
            guard case .authorization(.stateMismatch) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(setup.tokenRequests == exchangesAfterFirst)
        await setup.fixture.stop()
    }

    @Test func serverSessionVariant() async throws {
        let setup = try await Self.setup()
        let (pending, url) = setup.login.begin(returnTo: "//evil.example/path")
        #expect(pending.returnTo == nil, "no open redirect")
        #expect(!String(describing: pending).contains(pending.state))
        let callback = try await setup.browser().beginSession(redirectURI: Self.redirectURI).present(url)
        let result = try await setup.login.callback(url: callback, pending: pending)
        #expect(result.user.displayName == "Brown")
        await setup.fixture.stop()
    }

    @Test func returnToMustBeALocalPath() {
        #expect(WebLogin.localPath("/profile?tab=1") == "/profile?tab=1")
        #expect(WebLogin.localPath("//evil.example") == nil)
        #expect(WebLogin.localPath("/\\evil.example") == nil)
        #expect(WebLogin.localPath("https://evil.example/") == nil)
        #expect(WebLogin.localPath("profile") == nil)
        #expect(WebLogin.localPath("/a b") == nil)
    }

    @Test func retryDisablesAutoLogin() throws {
        let login = try WebLogin(
            configuration: WebLoginConfiguration(
                channelID: "1234567890", channelSecret: TestTokens.secret, redirectURI: URL(string: "https://example.com/callback")!))
        let url = try login.start(disableAutoLogin: true).authorizationURL
        #expect(url.query?.contains("disable_auto_login=true") == true)
    }

    @Test func sessionCookieRoundTripsAndExpires() async throws {
        let setup = try await Self.setup()
        let (callback, cookie) = try await setup.signIn()
        let result = try await setup.login.callback(url: callback, cookieHeader: cookie)
        let sessionCookie = try await setup.login.sessionCookie(for: result.session)
        #expect(sessionCookie.httpOnly && sessionCookie.sameSite == "Lax" && sessionCookie.path == "/")
        #expect(!sessionCookie.value.contains(result.tokens.accessToken))
        let header = "\(sessionCookie.name)=\(sessionCookie.value)"
        #expect(await setup.login.session(cookieHeader: header)?.user == result.user)
        #expect(!String(describing: result.session).contains(result.tokens.accessToken))
        // An attempt cookie can't be passed off as a session, nor the reverse.
        #expect(await setup.login.session(cookieHeader: "line_session=" + cookie.split(separator: "=", maxSplits: 1)[1]) == nil)
        setup.clock.advance(by: 7 * 86_400 + 1)
        #expect(await setup.login.session(cookieHeader: header) == nil)
        await setup.fixture.stop()
    }

    @Test func logoutEndsTheSessionForGood() async throws {
        let setup = try await Self.setup()
        let (callback, cookie) = try await setup.signIn()
        let result = try await setup.login.callback(url: callback, cookieHeader: cookie)
        let sessionCookie = try await setup.login.sessionCookie(for: result.session)
        let header = "\(sessionCookie.name)=\(sessionCookie.value)"
        #expect(await setup.login.session(cookieHeader: header) != nil)
        try await setup.login.logout(result.session)
        #expect(await setup.login.session(cookieHeader: header) == nil, "a captured cookie is refused after logout")
        await setup.fixture.stop()
    }

    @Test func aSessionTheStoreCannotConfirmIsRefused() async throws {
        struct DownStore: WebSessionStore {
            struct Down: Error {}
            func begin(_ id: String, expiresAt: Date) async throws {}
            func isActive(_ id: String) async throws -> Bool { throw Down() }
            func end(_ id: String) async throws { throw Down() }
        }
        let setup = try await Self.setup()
        var configuration = setup.login.configuration
        configuration.sessions = DownStore()
        let login = try WebLogin(configuration: configuration)
        let session = WebSession(
            user: LineUser(
                userID: "U1", channelID: "1", displayName: nil, pictureURL: nil, statusMessage: nil,
                email: nil, method: .webLogin),
            accessToken: "at", refreshToken: nil, accessTokenExpiresAt: Date().addingTimeInterval(3600))
        let cookie = try await login.sessionCookie(for: session)
        #expect(await login.session(cookieHeader: "\(cookie.name)=\(cookie.value)") == nil, "fails closed")
        await #expect(throws: WebLoginError.sessionStoreUnavailable) { try await login.logout(session) }
        await setup.fixture.stop()
    }

    @Test func logoutRevokes() async throws {
        let setup = try await Self.setup()
        let (callback, cookie) = try await setup.signIn()
        let result = try await setup.login.callback(url: callback, cookieHeader: cookie)
        let verifier = try AccessTokenVerifier(channelIDs: [EmulatorHarness.channelID], platform: setup.fixture.platform, cache: nil)
        _ = try await verifier.verify(result.tokens.accessToken)
        try await setup.login.logout(result.session)
        await #expect(throws: VerificationError.self) { try await verifier.verify(result.tokens.accessToken) }
        try await setup.login.logout(result.session) // already revoked: LINE's 400 counts as done
        await setup.fixture.stop()
    }

    @Test func profileOnlyLoginsWork() async throws {
        let setup = try await Self.setup(scopes: ["profile"], botPrompt: nil)
        let (callback, cookie) = try await setup.signIn()
        let result = try await setup.login.callback(url: callback, cookieHeader: cookie)
        #expect(result.idToken == nil)
        #expect(result.user.displayName == "Brown")
        await setup.fixture.stop()
    }

    @Test func refusesUnsafeConfigurations() {
        func make(_ redirect: String, secret: String = TestTokens.secret, scopes: [String] = ["profile", "openid"]) throws {
            _ = try WebLogin(
                configuration: WebLoginConfiguration(
                    channelID: "1234567890", channelSecret: secret,
                    redirectURI: URL(string: redirect)!, scopes: scopes))
        }
        #expect(throws: LineServerConfigurationError.self) { try make("http://example.com/callback") }
        #expect(throws: LineServerConfigurationError.self) { try make("https://example.com/callback", secret: "") }
        #expect(throws: LineServerConfigurationError.self) { try make("https://example.com/callback", scopes: ["email"]) }
        #expect(throws: Never.self) { try make("http://127.0.0.1:8500/callback") }
    }

    @Test(arguments: [-1, 601, 1e308, Double.infinity, Double.nan])
    func refusesAnOutOfRangeLeeway(leeway: Double) throws {
        let redirect = try #require(URL(string: "http://127.0.0.1:8500/callback"))
        #expect(throws: LineServerConfigurationError.self) {
            try WebLogin(
                configuration: WebLoginConfiguration(
                    channelID: "1234567890", channelSecret: TestTokens.secret,
                    redirectURI: redirect, leeway: leeway))
        }
        #expect(throws: LineServerConfigurationError.self) {
            try IDTokenVerifier(channels: [LineChannel(channelID: "1234567890")], leeway: leeway)
        }
        _ = try IDTokenVerifier(channels: [LineChannel(channelID: "1234567890")], leeway: 600)
    }
}
#endif
