#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport
import LineLoginPrimitives

/// The decisions of the framework-free `WebLoginRoutes` that the shared route cases can't reach through a
/// framework's tester.
@Suite struct WebLoginRoutesCoreTests {
    let routes: WebLoginRoutes

    init() throws {
        let login = try WebLogin(
            configuration: WebLoginConfiguration(
                channelID: TestTokens.channelID, channelSecret: TestTokens.secret,
                redirectURI: URL(string: "https://site.example/auth/callback")!,
                transport: ScriptedTransport { _ in HTTPResponse(statusCode: 503) }))
        routes = WebLoginRoutes(webLogin: login, startPath: "/signin")
    }

    @Test func aLogoutPostNamingAnOriginNeedsAHostToCompare() async {
        #expect(await routes.logout(origin: "https://evil.example", host: nil, cookieHeader: nil).status == 403)
        #expect(await routes.logout(origin: "https://evil.example", host: "site.example", cookieHeader: nil).status == 403)
        #expect(await routes.logout(origin: "https://site.example", host: "site.example", cookieHeader: nil).status == 303)
        #expect(await routes.logout(origin: "https://site.example:8443", host: "site.example:8443", cookieHeader: nil).status == 303)
        #expect(await routes.logout(origin: "null", host: "site.example", cookieHeader: nil).status == 403)
    }

    /// A store whose lookups fail (a timed-out or paused read) while ending works, or whose every call fails.
    final class HalfDownStore: WebSessionStore {
        struct Down: Error {}
        let endFails: Bool
        let ended = LockedValue<[String]>([])
        init(endFails: Bool) { self.endFails = endFails }
        func begin(_ id: String, expiresAt: Date) async throws {}
        func isActive(_ id: String) async throws -> Bool { throw Down() }
        func end(_ id: String) async throws {
            if endFails { throw Down() }
            ended.withLock { $0.append(id) }
        }
    }

    /// Logout ends the session in the cookie without asking the store whether it is live first (a lookup
    /// that fails must not turn a logout into a no-op), and revokes at LINE; a store that can't end it is a
    /// 503 that keeps the cookie, never the success redirect.
    @Test(arguments: [false, true])
    func logoutEndsTheSessionWithoutALookupAndAFailedEndIsNotASuccess(endFails: Bool) async throws {
        let store = HalfDownStore(endFails: endFails)
        let line = ScriptedTransport { _ in HTTPResponse(statusCode: 200) }
        let login = try WebLogin(
            configuration: WebLoginConfiguration(
                channelID: TestTokens.channelID, channelSecret: TestTokens.secret,
                redirectURI: URL(string: "https://site.example/auth/callback")!, sessions: store, transport: line))
        let session = WebSession(
            user: LineUser(
                userID: "U1", channelID: TestTokens.channelID, displayName: nil, pictureURL: nil, statusMessage: nil, email: nil,
                method: .webLogin),
            accessToken: "an-access-token", refreshToken: "a-refresh-token", accessTokenExpiresAt: Date().addingTimeInterval(3600))
        let cookie = try await login.sessionCookie(for: session)
        #expect(await login.session(cookieHeader: "\(cookie.name)=\(cookie.value)") == nil, "pages fail closed")

        let answer = await WebLoginRoutes(webLogin: login).logout(
            origin: "https://site.example", host: "site.example", cookieHeader: "\(cookie.name)=\(cookie.value)")
        #expect(line.count(path: "/oauth2/v2.1/revoke") == 2, "the refresh and access tokens are revoked at LINE either way")
        if endFails {
            #expect(answer.status == 503)
            #expect(answer.location == nil)
            #expect(answer.cookies.isEmpty, "the cookie is kept so the user can try again")
            #expect(answer.bodyText.contains("Logout could not be completed"))
        } else {
            #expect(answer.status == 303)
            #expect(store.ended.current == [session.id])
            #expect(answer.cookies.contains { $0.name == "line_session" && $0.maxAge == 0 })
        }
    }

    @Test func theCallbackRouteIsTheRedirectURIsPath() {
        #expect(routes.callbackPath == "/auth/callback")
    }

    @Test func startTakesReturnToAndRetryFromTheQuery() throws {
        let answer = routes.start(query: "return_to=%2Fprofile&retry=1")
        #expect(answer.status == 302)
        let location = try #require(answer.location)
        #expect(location.contains("disable_auto_login=true"))
        #expect(answer.headers.contains { $0.name == "Cache-Control" && $0.value == "no-store" })
        #expect(answer.cookies.count == 1)
    }

    @Test func aFailureIs503WhenLINEFailedAnd400OtherwiseAndAlwaysSpendsTheAttempt() {
        let transient = routes.failed(.tokenExchange(.transport(.timedOut)))
        #expect(transient.status == 503)
        let refused = routes.failed(.authorization(.stateMismatch))
        #expect(refused.status == 400)
        #expect(refused.bodyText.contains("/signin?retry=1"))
        for answer in [transient, refused] {
            #expect(answer.cookies.contains { $0.name == "line_login_attempt" && $0.maxAge == 0 })
        }
    }
}
#endif
