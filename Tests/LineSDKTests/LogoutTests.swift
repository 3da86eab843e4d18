#if Emulator
import Foundation
import LineLoginTesting
import OAuthEngine
import Testing
@testable import LineSDK

@Suite(.emulatedLine) struct LogoutTests {
    @Test func logoutRevokesRefreshThenAccessTokenAndClears() async throws {
        let env = try await LineTestEnvironment()
        let result = try await env.login([.profile, .openID])
        let stored = try #require(await env.storedTokens())
        let refreshToken = try #require(stored.refreshToken)

        try await env.manager.logout()

        let revokes = env.platform.revokeRequests
        #expect(revokes.count == 2)
        #expect(revokes.map(\.method) == ["POST", "POST"])
        let first = try #require(revokes.first)
        let second = try #require(revokes.last)
        #expect(first.form.map(\.0) == ["refresh_token", "client_id"])
        #expect(first.field("refresh_token") == refreshToken)
        #expect(first.field("client_id") == LineTestEnvironment.channelID)
        #expect(second.form.map(\.0) == ["access_token", "client_id"])
        #expect(second.field("access_token") == result.accessToken.value)
        #expect(second.field("client_id") == LineTestEnvironment.channelID)
        #expect(first.field("client_secret") == nil && second.field("client_secret") == nil, "no secret in an app")
        #expect(first.headers["Content-Type"] == "application/x-www-form-urlencoded")

        #expect(await !env.platform.isValidAccessToken(result.accessToken.value))
        #expect(env.platform.stats.activeRefreshTokens == 0, "\(refreshToken.count)-character refresh token revoked")
        #expect(!env.manager.isAuthorized)
        #expect(env.manager.accessTokenStore.current == nil)
        #expect(await env.storedTokens() == nil)
    }

    /// A 400 from revoke means "already invalid" at LINE: logout still succeeds.
    @Test func logoutWithRevokeBadRequestStillSucceeds() async throws {
        let env = try await LineTestEnvironment()
        _ = try await env.login([.profile])
        env.platform.setFaults { $0.revokeStatus = 400 }
        let error = await capture { () async throws(LineSDKError) in try await env.manager.logout() }
        #expect(error == nil)
        #expect(env.platform.revokeRequests.count == 2)
        #expect(!env.manager.isAuthorized)
        #expect(await env.storedTokens() == nil)
    }

    @Test func logoutWithRevokeOutageStillForgetsLocally() async throws {
        let env = try await LineTestEnvironment()
        _ = try await env.login([.profile])
        env.platform.setFaults { $0.revokeStatus = 503 }
        let error = await capture { () async throws(LineSDKError) in try await env.manager.logout() }
        #expect(error?.statusCode == 503)
        #expect(!env.manager.isAuthorized)
        #expect(await env.storedTokens() == nil)
    }

    @Test func logoutWhenLoggedOutSendsNothing() async throws {
        let env = try await LineTestEnvironment()
        try await env.manager.logout()
        #expect(env.platform.requests.isEmpty)
    }

    #if Emulator
    @Test func completionHandlerLogout() async throws {
        try await withTestLinePlatform { line in
            let store = MemoryTokenStore()
            let manager = try LoginManager(configuration: line.loginConfiguration(tokenStore: store))
            _ = try await manager.login(permissions: [.profile])
            #expect(manager.isAuthorized)
            let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, LineSDKError>, Never>) in
                manager.logout { continuation.resume(returning: $0) }
            }
            guard case .success = result else {
                Issue.record("logout failed: \(result)")
                return
            }
            #expect(!manager.isAuthorized)
            #expect(manager.accessTokenStore.current == nil)
            #expect(try await store.load() == nil)
        }
    }
    #endif
}
#endif
