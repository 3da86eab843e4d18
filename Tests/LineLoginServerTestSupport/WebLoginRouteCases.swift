#if Server && Emulator
@testable import ClientTestSupport
import EmulatorBrowser
import Foundation
import LineLoginServer
import OAuthEngine
import Testing

/// One answer of a site under test, in neutral terms.
struct SiteAnswer: Sendable {
    var status: Int
    /// Every header in order (names lowercased), `set-cookie` once per cookie.
    var headers: [(name: String, value: String)]
    var body: String

    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// `Set-Cookie` names and values (an empty value is a deletion).
    var cookies: [String: String] {
        var cookies: [String: String] = [:]
        for (name, value) in headers where name == "set-cookie" {
            let pair = value.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
        }
        return cookies
    }
}

/// Sends one request to a site under test.
protocol SiteClient: Sendable {
    func send(_ method: String, _ path: String, headers: [(String, String)]) async throws -> SiteAnswer
}

/// A web framework serving LINE's web-login routes behind its session middleware, with `GET /whoami`
/// (the signed-in user's display name, or `signed out`) as the page after login; driven in-process.
protocol WebLoginFramework: Sendable {
    var name: String { get }
    /// Serves `login`'s routes and runs `body` against them.
    func withSite(_ login: WebLogin, _ body: @escaping @Sendable (any SiteClient) async throws -> Void) async throws
}

/// The web-login route cases every framework's glue must pass alike (shared, not copied): the routes are
/// the core's `WebLoginRoutes`; each framework only renders them. The emulator is real, over HTTP.
enum WebLoginRouteCases {
    static let redirectURI = URL(string: "http://127.0.0.1:9/callback")!

    /// Runs every case through `framework`.
    static func check(_ framework: any WebLoginFramework) async throws {
        let emulator = try await EmulatorHarness.start()
        do {
            let sessions = OutageWebSessionStore()
            let login = try WebLogin(
                configuration: WebLoginConfiguration(
                    channelID: EmulatorHarness.channelID, channelSecret: emulator.secret(), redirectURI: redirectURI,
                    platform: emulator.platform, sessions: sessions))
            try await framework.withSite(login) { site in
                try await startCallbackSessionLogout(site, login: login, emulator: emulator)
                try await aForgedStateShowsAPageAndOffersOneRetry(site)
                try await aTamperedSessionCookieIsIgnored(site)
                try await aLogoutPostWithoutOriginIsNotCrossSite(site)
                try await aLogoutTheStoreCannotRecordIsNotASuccess(site, sessions: sessions, emulator: emulator)
            }
        } catch {
            await emulator.stop()
            throw error
        }
        await emulator.stop()
    }

    /// Signs Brown in through the routes; the session cookie's value.
    static func signIn(_ site: any SiteClient, emulator: EmulatorHarness) async throws -> String {
        let start = try await site.send("GET", "/login?return_to=%2Fwhoami", headers: [])
        let location = try #require(start.header("location").flatMap(URL.init(string:)))
        let attempt = try #require(start.cookies["line_login_attempt"])
        let browser = ScriptedBrowser(email: "brown@example.com", password: "brown")
        let callbackURL = try await browser.beginSession(redirectURI: redirectURI).present(location)
        let query = try #require(callbackURL.query)
        let callback = try await site.send("GET", "/callback?" + query, headers: [("Cookie", "line_login_attempt=\(attempt)")])
        #expect(callback.status == 303, "\(callback.body)")
        return try #require(callback.cookies["line_session"])
    }

    static func startCallbackSessionLogout(_ site: any SiteClient, login: WebLogin, emulator: EmulatorHarness) async throws {
        #expect(try await site.send("GET", "/whoami", headers: []).body == "signed out")

        // Start: 302 to the emulator with the attempt cookie.
        let start = try await site.send("GET", "/login?return_to=%2Fwhoami", headers: [])
        #expect(start.status == 302)
        #expect(start.header("cache-control") == "no-store")
        let location = try #require(start.header("location").flatMap(URL.init(string:)))
        #expect(location.absoluteString.hasPrefix(emulator.baseURL.absoluteString + "/oauth2/v2.1/authorize?"))
        let setCookie = try #require(start.header("set-cookie"))
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax") && !setCookie.contains("Secure"))
        let attempt = try #require(start.cookies["line_login_attempt"])

        // The user signs in on the emulator; the browser comes back to the callback with the cookie.
        let browser = ScriptedBrowser(email: "brown@example.com", password: "brown")
        let callbackURL = try await browser.beginSession(redirectURI: redirectURI).present(location)
        let query = try #require(callbackURL.query)
        let callback = try await site.send("GET", "/callback?" + query, headers: [("Cookie", "line_login_attempt=\(attempt)")])
        #expect(callback.status == 303, "\(callback.body)")
        #expect(callback.header("location") == "/whoami")
        #expect(callback.cookies["line_login_attempt"] == "", "the attempt cookie is deleted")
        let session = try #require(callback.cookies["line_session"])
        #expect(!session.isEmpty)

        let page = try await site.send("GET", "/whoami", headers: [("Cookie", "line_session=\(session)")])
        #expect(page.body == "Brown")
        let sessionValue = try #require(await login.session(cookieHeader: "line_session=\(session)"))

        // A cross-site logout post is refused; a same-site one revokes and deletes the session. (Hummingbird's
        // in-process router calls every request's authority `localhost`; Vapor's tester takes the Host header.)
        let crossSite = try await site.send(
            "POST", "/logout", headers: [("Cookie", "line_session=\(session)"), ("Host", "localhost"), ("Origin", "https://evil.example")])
        #expect(crossSite.status == 403)
        let logout = try await site.send(
            "POST", "/logout", headers: [("Cookie", "line_session=\(session)"), ("Host", "localhost"), ("Origin", "http://localhost")])
        #expect(logout.status == 303)
        #expect(logout.header("location") == "/")
        #expect(logout.cookies["line_session"] == "")
        // A cookie captured before the logout no longer opens the session (it is still sealed and unexpired).
        let replayed = try await site.send("GET", "/whoami", headers: [("Cookie", "line_session=\(session)")])
        #expect(replayed.body == "signed out")
        #expect(await login.session(cookieHeader: "line_session=\(session)") == nil)
        let verifier = try AccessTokenVerifier(channelIDs: [EmulatorHarness.channelID], platform: emulator.platform, cache: nil)
        await #expect(throws: VerificationError.self) { try await verifier.verify(sessionValue.accessToken) }
    }

    static func aForgedStateShowsAPageAndOffersOneRetry(_ site: any SiteClient) async throws {
        let start = try await site.send("GET", "/login", headers: [])
        let attempt = try #require(start.cookies["line_login_attempt"])
        let callback = try await site.send(
            "GET", "/callback?code=stolen&state=forged", headers: [("Cookie", "line_login_attempt=\(attempt)")])
        #expect(callback.status == 400)
        #expect(callback.header("content-type") == "text/html; charset=utf-8")
        #expect(callback.body.contains("Login failed"))
        #expect(callback.body.contains("/login?retry=1"))
        #expect(!callback.body.contains("stolen"))
        #expect(callback.cookies["line_login_attempt"] == "")
        #expect(callback.cookies["line_session"] == nil)

        let retry = try await site.send("GET", "/login?retry=1", headers: [])
        #expect(retry.header("location")?.contains("disable_auto_login=true") == true)
    }

    static func aTamperedSessionCookieIsIgnored(_ site: any SiteClient) async throws {
        let page = try await site.send("GET", "/whoami", headers: [("Cookie", "line_session=" + String(repeating: "A", count: 48))])
        #expect(page.status == 200)
        #expect(page.body == "signed out")
    }

    static func aLogoutPostWithoutOriginIsNotCrossSite(_ site: any SiteClient) async throws {
        let plain = try await site.send("POST", "/logout", headers: [])
        #expect(plain.status == 303, "a post without Origin (an older browser, a script) is not cross-site by itself")
    }

    /// A logout while the session store can't answer (a paused or unreachable database) must not look done:
    /// a copy of the cookie would still open the session. 503, the cookie kept; once the store answers, the
    /// retried logout ends the session and the copy is dead.
    static func aLogoutTheStoreCannotRecordIsNotASuccess(
        _ site: any SiteClient, sessions: OutageWebSessionStore, emulator: EmulatorHarness
    ) async throws {
        let session = try await signIn(site, emulator: emulator)
        let cookie = ("Cookie", "line_session=\(session)")
        #expect(try await site.send("GET", "/whoami", headers: [cookie]).body == "Brown")

        sessions.isDown = true
        #expect(try await site.send("GET", "/whoami", headers: [cookie]).body == "signed out", "pages fail closed")
        let failed = try await site.send("POST", "/logout", headers: [cookie, ("Host", "localhost"), ("Origin", "http://localhost")])
        #expect(failed.status == 503, "not the success redirect")
        #expect(failed.header("location") == nil)
        #expect(failed.cookies["line_session"] == nil, "the cookie is kept, so the user can try again")
        #expect(failed.header("cache-control") == "no-store")
        #expect(failed.body.contains("Logout could not be completed"))
        #expect(failed.body.contains(#"<form method="post" action="/logout">"#))

        sessions.isDown = false
        #expect(try await site.send("GET", "/whoami", headers: [cookie]).body == "Brown", "nothing pretended the logout happened")
        let retried = try await site.send("POST", "/logout", headers: [cookie, ("Host", "localhost"), ("Origin", "http://localhost")])
        #expect(retried.status == 303)
        #expect(retried.cookies["line_session"] == "")
        // The copy held by someone else is dead.
        #expect(try await site.send("GET", "/whoami", headers: [cookie]).body == "signed out")
    }
}
#endif
