#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginTesting
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer

/// `LineDeauthorizer` against the emulator over HTTP: LINE's required call when a user withdraws.
@Suite(.serialized) struct DeauthorizeTests {
    static func verifyStatus(_ fixture: EmulatorHarness, _ accessToken: String) async throws -> Int {
        var components = try #require(URLComponents(url: fixture.platform.verifyURL, resolvingAgainstBaseURL: false))
        components.queryItems = [URLQueryItem(name: "access_token", value: accessToken)]
        return try await URLSessionTransport().perform(HTTPRequest(url: try #require(components.url))).statusCode
    }

    @Test func deauthorizingEndsTheUsersTokensForTheChannel() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let first = try await fixture.tokens()
        let second = try await fixture.tokens()
        let otherChannel = try await fixture.tokens(channelID: EmulatorHarness.otherChannelID)
        let deauthorizer = try LineDeauthorizer(
            channelID: EmulatorHarness.channelID, channelSecret: fixture.secret(), platform: fixture.platform)
        try await deauthorizer.deauthorize(userAccessToken: first.accessToken)

        #expect(try await Self.verifyStatus(fixture, first.accessToken) == 400)
        #expect(try await Self.verifyStatus(fixture, second.accessToken) == 400, "every login of that user for the channel ends")
        #expect(try await Self.verifyStatus(fixture, otherChannel.accessToken) == 200, "other channels are untouched")
        let refresh = TokenClient(
            configuration: fixture.platform.configuration(channelID: EmulatorHarness.channelID, channelSecret: nil),
            transport: URLSessionTransport())
        await #expect(throws: OAuthError.self) { _ = try await refresh.refresh(refreshToken: try #require(second.refreshToken)) }

        // Done twice, or with a token of another channel: LINE's 400.
        await #expect(throws: OAuthError.self) { try await deauthorizer.deauthorize(userAccessToken: first.accessToken) }
        await #expect(throws: OAuthError.self) { try await deauthorizer.deauthorize(userAccessToken: otherChannel.accessToken) }
        await fixture.stop()
    }

    @Test func aWrongSecretIsRefusedAndLeavesTheUserAlone() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let tokens = try await fixture.tokens()
        let wrong = try LineDeauthorizer(channelID: EmulatorHarness.channelID, channelSecret: "0000", platform: fixture.platform)
        do {
            try await wrong.deauthorize(userAccessToken: tokens.accessToken)
            Issue.record("a wrong secret deauthorized")
        } catch {
            guard case .server(let server) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(server.statusCode == 400 && server.code == "invalid_client")
        }
        #expect(try await Self.verifyStatus(fixture, tokens.accessToken) == 200)
        await fixture.stop()
    }

    @Test func theConfigurationIsChecked() {
        #expect(throws: LineServerConfigurationError.self) { try LineDeauthorizer(channelID: "1", channelSecret: "") }
        #expect(throws: LineServerConfigurationError.self) {
            try LineDeauthorizer(channelID: "1", channelSecret: "s", platform: .custom(baseURL: URL(string: "http://line.example")!))
        }
    }
}
#endif
