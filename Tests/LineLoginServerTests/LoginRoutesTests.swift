@testable import ClientTestSupport
import EmulatorBrowser
import Foundation
import Hummingbird
import LineLoginEmulator
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer
import LineLoginHummingbird

/// `LineLoginRoutes` + `LineSessionMiddleware` in a Hummingbird app over real HTTP: start, sign in on the
/// emulator (scripted browser), callback, a page that sees the user, logout.
@Suite(.serialized) struct LoginRoutesTests {
    struct Site {
        let fixture: EmulatorHarness
        let server: TestServer
        let login: WebLogin

        func stop() async {
            await server.stop()
            await fixture.stop()
        }
    }

    /// The redirect URI names the site's port, so the port is picked first.
    static func site() async throws -> Site {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let port = FreePort.pick()
        let redirectURI = try #require(URL(string: "http://127.0.0.1:\(port)/callback"))
        let login = try WebLogin(
            configuration: WebLoginConfiguration(
                channelID: EmulatorHarness.channelID, channelSecret: fixture.secret(), redirectURI: redirectURI, platform: fixture.platform)
        )
        let router = Router(context: LineRequestContext.self)
        router.add(middleware: LineSessionMiddleware(webLogin: login))
        router.get("/whoami") { _, context -> String in context.lineUser?.displayName ?? "signed out" }
        LineLoginRoutes(webLogin: login, afterLoginPath: "/whoami").register(on: router)
        let server = try await TestServer.start(router, port: port)
        return Site(fixture: fixture, server: server, login: login)
    }

    @Test func startCallbackSessionLogout() async throws {
        let site = try await Self.site()
        #expect(try await HTTPClient.send(site.server.url("/whoami")).text == "signed out")

        // Start: 302 to the emulator with the attempt cookie.
        let start = try await HTTPClient.send(site.server.url("/login?return_to=%2Fwhoami"))
        #expect(start.status == 302)
        let location = try #require(start.header("location").flatMap(URL.init(string:)))
        #expect(location.absoluteString.hasPrefix(site.fixture.baseURL.absoluteString + "/oauth2/v2.1/authorize?"))
        let setCookie = try #require(start.header("set-cookie"))
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax") && !setCookie.contains("Secure"))
        let attempt = try #require(HTTPClient.cookies(start)["line_login_attempt"])

        // The user signs in on the emulator; the browser comes back to the callback with the cookie.
        let browser = ScriptedBrowser(email: "brown@example.com", password: "brown")
        let callbackURL = try await browser.beginSession(redirectURI: site.server.url("/callback")).present(location)
        let callback = try await HTTPClient.send(callbackURL, headers: ["Cookie": "line_login_attempt=\(attempt)"])
        #expect(callback.status == 303, "\(callback.text)")
        #expect(callback.header("location") == "/whoami")
        let cookies = HTTPClient.cookies(callback)
        #expect(cookies["line_login_attempt"] == "", "the attempt cookie is deleted")
        let session = try #require(cookies["line_session"])
        #expect(!session.isEmpty)

        let page = try await HTTPClient.send(site.server.url("/whoami"), headers: ["Cookie": "line_session=\(session)"])
        #expect(page.text == "Brown")

        let sessionValue = try #require(await site.login.session(cookieHeader: "line_session=\(session)"))

        // A cross-site logout post is refused; a same-site one revokes and deletes the session.
        let crossSite = try await HTTPClient.send(
            site.server.url("/logout"), method: "POST",
            headers: ["Cookie": "line_session=\(session)", "Origin": "https://evil.example"])
        #expect(crossSite.status == 403)
        let logout = try await HTTPClient.send(
            site.server.url("/logout"), method: "POST",
            headers: ["Cookie": "line_session=\(session)", "Origin": site.server.baseURL.absoluteString])
        #expect(logout.status == 303)
        #expect(logout.header("location") == "/")
        #expect(HTTPClient.cookies(logout)["line_session"] == "")
        // A cookie captured before the logout no longer opens the session (it is still sealed and unexpired).
        let replayed = try await HTTPClient.send(site.server.url("/whoami"), headers: ["Cookie": "line_session=\(session)"])
        #expect(replayed.text == "signed out")
        #expect(await site.login.session(cookieHeader: "line_session=\(session)") == nil)
        let verifier = try AccessTokenVerifier(channelIDs: [EmulatorHarness.channelID], platform: site.fixture.platform, cache: nil)
        await #expect(throws: VerificationError.self) { try await verifier.verify(sessionValue.accessToken) }
        await site.stop()
    }

    @Test func aCallbackWithAForgedStateShowsAPageAndOffersOneRetry() async throws {
        let site = try await Self.site()
        let start = try await HTTPClient.send(site.server.url("/login"))
        let attempt = try #require(HTTPClient.cookies(start)["line_login_attempt"])
        let callback = try await HTTPClient.send(
            site.server.url("/callback?code=stolen&state=forged"),
            headers: ["Cookie": "line_login_attempt=\(attempt)"])
        #expect(callback.status == 400)
        #expect(callback.text.contains("Login failed"))
        #expect(callback.text.contains("/login?retry=1"))
        #expect(!callback.text.contains("stolen"))
        #expect(HTTPClient.cookies(callback)["line_login_attempt"] == "")
        #expect(HTTPClient.cookies(callback)["line_session"] == nil)

        let retry = try await HTTPClient.send(site.server.url("/login?retry=1"))
        #expect(retry.header("location")?.contains("disable_auto_login=true") == true)
        await site.stop()
    }

    @Test func aTamperedSessionCookieIsIgnored() async throws {
        let site = try await Self.site()
        let page = try await HTTPClient.send(
            site.server.url("/whoami"), headers: ["Cookie": "line_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"])
        #expect(page.status == 200)
        #expect(page.text == "signed out")
        await site.stop()
    }
}
