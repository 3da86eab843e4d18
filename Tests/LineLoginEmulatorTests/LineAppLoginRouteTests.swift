#if Emulator
import Foundation
import LineLoginEmulator
import Testing

/// The emulator playing the LINE app: `GET /app/oauth2/v2.1/login?returnUri=…&loginChannelId=…`.
@Suite("LINE-app login")
struct LineAppLoginRouteTests {
    static let bundleID = "com.example.lineapp"
    static let appCallback = "line3rdp.com.example.lineapp://authorize/"

    static var configuration: EmulatorConfiguration {
        var configuration = EmulatorConfiguration.default
        configuration.channels[0].iOSBundleID = bundleID
        return configuration
    }

    static func appQuery(
        _ harness: EmulatorHarness, redirectURI: String = appCallback, channelID: String = EmulatorHarness.channelID,
        returnPath: String = "/oauth2/v2.1/authorize/consent"
    ) -> [(String, String)] {
        let inner = harness.authorizeQuery(redirectURI: redirectURI).map { "\($0.0)=\(escape($0.1))" }.joined(separator: "&")
        return [("returnUri", returnPath + "?" + inner), ("loginChannelId", channelID)]
    }

    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
    }

    @Test func signsTheUserInAndAnswersAtTheAppsCallback() async throws {
        try await EmulatorHarness.with(Self.configuration) { harness in
            let answer = try await harness.client.get("/app/oauth2/v2.1/login", query: Self.appQuery(harness))
            #expect(answer.status == 302)
            let location = try #require(answer.headers["location"])
            #expect(location.hasPrefix(Self.appCallback + "?code="))
            #expect(location.contains("state="))
        }
    }

    @Test func aChannelWithoutTheAppsBundleIDIsRefused() async throws {
        try await EmulatorHarness.with { harness in
            let answer = try await harness.client.get("/app/oauth2/v2.1/login", query: Self.appQuery(harness))
            #expect(answer.status == 400, "line3rdp callback of an unregistered app")
            #expect(answer.headers["location"] == nil)
        }
    }

    @Test func aReturnURIOffLINEsConsentPathIsRefused() async throws {
        try await EmulatorHarness.with(Self.configuration) { harness in
            for path in ["/oauth2/v2.1/authorize", "https://evil.example/oauth2/v2.1/authorize/consent"] {
                let answer = try await harness.client.get("/app/oauth2/v2.1/login", query: Self.appQuery(harness, returnPath: path))
                #expect(answer.status == 400, "\(path)")
            }
        }
    }

    @Test func loginChannelIDMustNameTheSameChannel() async throws {
        try await EmulatorHarness.with(Self.configuration) { harness in
            let answer = try await harness.client.get("/app/oauth2/v2.1/login", query: Self.appQuery(harness, channelID: "9999999999"))
            #expect(answer.status == 302)
            #expect(answer.headers["location"]?.contains("error=INVALID_REQUEST") == true)
        }
    }

    @Test func missingParametersAreRefused() async throws {
        try await EmulatorHarness.with(Self.configuration) { harness in
            let bare = try await harness.client.get("/app/oauth2/v2.1/login", query: [])
            #expect(bare.status == 400)
            let posted = try await harness.client.postForm("/app/oauth2/v2.1/login", [])
            #expect(posted.status == 405)
        }
    }
}
#endif
