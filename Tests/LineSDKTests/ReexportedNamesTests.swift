import Foundation
import LineSDK
import Testing

/// The names that moved to LineLoginPlatform are still LineSDK's, qualified as LINE's SDK writes them, for
/// an app that imports LineSDK alone. `swift package diagnose-api-breaking-changes` reports the moves as
/// removals because it reads LineSDK's own declarations, not its re-exports; this is what an app sees.
@Suite struct ReexportedNamesTests {
    @Test func everyMovedNameResolvesThroughLineSDK() throws {
        let permissions: [LineSDK.LoginPermission] = [.profile, .openID, .email]
        #expect(permissions.map(\.rawValue) == ["profile", "openid", "email"])
        let platform: LineSDK.LinePlatform = .production
        #expect(platform.issuer == "https://access.line.me")
        let status: GetBotFriendshipStatusRequest.Response = LineSDK.BotFriendshipStatus(friendFlag: true)
        #expect(status.friendFlag)
        let profile = try JSONDecoder().decode(
            LineSDK.UserProfile.self, from: Data(#"{"userId":"U1","displayName":"Brown"}"#.utf8))
        #expect(profile.userID == "U1" && profile.displayName == "Brown")
        #expect(LineSDK.LoginButtonText.title(language: "ja") == "LINEでログイン")
        _ = LineSDK.LoginButtonAppearance.self
        _ = LineSDK.AccessTokenVerifyResult.self
        _ = LineSDK.LinePlatformClient.self
        _ = LineSDK.LineLoginCheck.self
    }
}
