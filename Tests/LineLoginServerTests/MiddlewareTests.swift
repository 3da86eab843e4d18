#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
import Hummingbird
import LineLoginEmulator
import LineLoginTesting
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer
import LineLoginHummingbird
@testable import LineLoginServerTestSupport

/// `LineBearerMiddleware` in a Hummingbird app on a free loopback port, called over real HTTP, with
/// tokens the emulator issued.
@Suite(.serialized) struct MiddlewareTests {
    static let closedPort = LinePlatform.custom(baseURL: URL(string: "http://127.0.0.1:1")!)

    /// A server whose `/api/me` answers the user's ID and name, behind the middleware.
    static func server(_ accepted: LineBearerMiddleware<LineRequestContext>.AcceptedTokens, isRequired: Bool = true) async throws
        -> TestServer
    {
        let router = Router(context: LineRequestContext.self)
        router.group("api")
            .add(middleware: LineBearerMiddleware(accepting: accepted, isRequired: isRequired))
            .get("me") { _, context -> String in
                guard let user = context.lineUser else { return "anonymous" }
                return "\(user.userID) \(user.displayName ?? "-") \(user.method.rawValue)"
            }
        return try await TestServer.start(router)
    }

    static func call(_ server: TestServer, token: String?, scheme: String = "Bearer") async throws -> HTTPClient.Result {
        var headers: [String: String] = [:]
        if let token { headers["Authorization"] = "\(scheme) \(token)" }
        return try await HTTPClient.send(server.url("/api/me"), headers: headers)
    }

    /// 401 with a JSON error body, never a 500.
    static func expectRefused(
        _ result: HTTPClient.Result, reason: String? = nil, status: Int = 401,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, "status \(result.status): \(result.text)", sourceLocation: sourceLocation)
        #expect(result.header("content-type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        let body = result.json
        #expect(body?["error"] as? String != nil, "body: \(result.text)", sourceLocation: sourceLocation)
        #expect(body?["error_description"] as? String != nil, sourceLocation: sourceLocation)
        if let reason { #expect(body?["reason"] as? String == reason, "body: \(result.text)", sourceLocation: sourceLocation) }
        if status == 401 { #expect(result.header("www-authenticate")?.hasPrefix("Bearer") == true, sourceLocation: sourceLocation) }
    }

    @Test func idTokens() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let verifier = try IDTokenVerifier(channels: [LineChannel(channelID: EmulatorHarness.channelID)], platform: fixture.platform)
        let server = try await Self.server(.idTokens(verifier))
        let idToken = try #require(try await fixture.tokens().IDToken)

        let ok = try await Self.call(server, token: idToken)
        #expect(ok.status == 200)
        #expect(ok.text == "U4af4980629e3b1d6e1c0a6b1b1c3e9f1 Brown id_token")
        #expect(try await Self.call(server, token: idToken, scheme: "bearer").status == 200, "the scheme is case-insensitive")

        Self.expectRefused(try await Self.call(server, token: nil), reason: "missing_token")
        Self.expectRefused(try await Self.call(server, token: idToken, scheme: "Basic"), reason: "missing_token")
        for garbage in ["garbage", "a.b.c", "eyJ.eyJ.eyJ", "%%%", String(repeating: "A", count: 20_000)] {
            Self.expectRefused(try await Self.call(server, token: garbage))
        }
        Self.expectRefused(try await Self.call(server, token: TestTokens.tamperedSignature(idToken)), reason: "invalid_signature")
        let otherChannel = try #require(try await fixture.tokens(channelID: EmulatorHarness.otherChannelID).IDToken)
        Self.expectRefused(try await Self.call(server, token: otherChannel), reason: "audience_mismatch")
        let forged = TestTokens().es256(TestTokens.claims(now: Date()))
        Self.expectRefused(try await Self.call(server, token: forged))
        await server.stop()

        // Expired: the same token, with the server's clock two hours ahead.
        let later = TestClock(Date().addingTimeInterval(7200))
        let lateVerifier = try IDTokenVerifier(
            channels: [LineChannel(channelID: EmulatorHarness.channelID)], platform: fixture.platform, clock: later)
        let lateServer = try await Self.server(.idTokens(lateVerifier))
        Self.expectRefused(try await Self.call(lateServer, token: idToken), reason: "expired")
        await lateServer.stop()
        await fixture.stop()
    }

    @Test func accessTokens() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let verifier = try AccessTokenVerifier(channelIDs: [EmulatorHarness.channelID], platform: fixture.platform)
        let server = try await Self.server(.accessTokens(verifier))
        let tokens = try await fixture.tokens()

        let ok = try await Self.call(server, token: tokens.accessToken)
        #expect(ok.status == 200)
        #expect(ok.text == "U4af4980629e3b1d6e1c0a6b1b1c3e9f1 Brown access_token")

        Self.expectRefused(try await Self.call(server, token: "garbage"), reason: "invalid_access_token")
        Self.expectRefused(try await Self.call(server, token: TestTokens.tamperedSignature(tokens.accessToken)))
        let other = try await fixture.tokens(channelID: EmulatorHarness.otherChannelID)
        Self.expectRefused(try await Self.call(server, token: other.accessToken), reason: "unknown_channel")
        let fresh = try await fixture.tokens()
        fixture.emulator.expireAccessTokens()
        Self.expectRefused(try await Self.call(server, token: fresh.accessToken), reason: "expired")
        await server.stop()
        await fixture.stop()
    }

    @Test func eitherKind() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let server = try await Self.server(
            .accessOrIDTokens(
                try AccessTokenVerifier(channelIDs: [EmulatorHarness.channelID], platform: fixture.platform),
                try IDTokenVerifier(channels: [LineChannel(channelID: EmulatorHarness.channelID)], platform: fixture.platform)))
        let tokens = try await fixture.tokens()
        #expect(try await Self.call(server, token: tokens.accessToken).text.hasSuffix("access_token"))
        let idToken = try #require(tokens.IDToken)
        #expect(try await Self.call(server, token: idToken).text.hasSuffix("id_token"))
        Self.expectRefused(try await Self.call(server, token: "garbage"))
        await server.stop()
        await fixture.stop()
    }

    @Test func anUnreachableVerifyEndpointIs503() async throws {
        let server = try await Self.server(.accessTokens(try AccessTokenVerifier(channelIDs: ["1234567890"], platform: Self.closedPort)))
        let result = try await Self.call(server, token: "some-access-token")
        Self.expectRefused(result, reason: "unavailable", status: 503)
        #expect(result.header("retry-after") != nil)
        #expect(result.json?["error"] as? String == "temporarily_unavailable")
        await server.stop()

        let remote = try await Self.server(
            .idTokens(
                try IDTokenVerifier(
                    channels: [LineChannel(channelID: TestTokens.channelID)],
                    platform: Self.closedPort, mode: .remote)))
        let token = TestTokens().es256(TestTokens.claims(now: Date()))
        Self.expectRefused(try await Self.call(remote, token: token), reason: "unavailable", status: 503)
        // Garbage is still a 401: it is refused before LINE would be asked.
        Self.expectRefused(try await Self.call(remote, token: "garbage"), reason: "malformed")
        await remote.stop()

        let local = try await Self.server(
            .idTokens(
                try IDTokenVerifier(
                    channels: [LineChannel(channelID: TestTokens.channelID)],
                    platform: Self.closedPort)))
        Self.expectRefused(try await Self.call(local, token: token), reason: "keys_unavailable", status: 503)
        await local.stop()
    }

    @Test func optionalAuthenticationPassesAnonymousRequests() async throws {
        let verifier = try AccessTokenVerifier(channelIDs: ["1234567890"], platform: Self.closedPort)
        let server = try await Self.server(.accessTokens(verifier), isRequired: false)
        let anonymous = try await Self.call(server, token: nil)
        #expect(anonymous.status == 200)
        #expect(anonymous.text == "anonymous")
        Self.expectRefused(try await Self.call(server, token: "bad token with spaces"), reason: "malformed")
        await server.stop()
    }

    @Test func errorBodiesNeverEchoTheToken() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let verifier = try AccessTokenVerifier(channelIDs: [EmulatorHarness.channelID], platform: fixture.platform)
        let server = try await Self.server(.accessTokens(verifier))
        let canary = "canary-token-value-1234567890"
        let result = try await Self.call(server, token: canary)
        Self.expectRefused(result)
        #expect(!result.text.contains(canary))
        #expect(!(result.header("www-authenticate") ?? "").contains(canary))
        await server.stop()
        await fixture.stop()
    }
}
#endif
