@testable import ClientTestSupport
import Foundation
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

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
