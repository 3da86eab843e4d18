#if Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginEmulator
import LineSDK
import OAuthEngine
import Testing
import EmulatorBrowser

@Suite("LineSDK against the emulator over real HTTP: successful flows")
struct LoginEndToEndTests {
    @Test(
        "login with each permission set",
        arguments: [
            [LoginPermission.profile], [.openID], [.profile, .openID], [.profile, .openID, .email],
        ])
    func loginWithPermissions(_ permissions: [LoginPermission]) async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let manager = try harness.manager()
        let result = try await manager.login(permissions: Set(permissions))

        #expect(manager.isAuthorized)
        #expect(result.permissions.contains(.profile) == permissions.contains(.profile))
        #expect((result.userProfile != nil) == permissions.contains(.profile))
        #expect((result.accessToken.IDToken != nil) == permissions.contains(.openID))
        if permissions.contains(.openID) {
            let payload = try #require(result.accessToken.IDToken?.payload)
            #expect(payload.issuer == harness.baseURL.absoluteString)
            #expect(payload.audience == harness.channel.channelID)
            #expect(payload.subject == harness.brown.userID)
            #expect(payload.nonce == result.IDTokenNonce)
            #expect(result.accessToken.IDToken?.header.algorithm == "ES256")
            // LINE's token response never lists email; the SDK reads it from the ID token.
            #expect((payload.email != nil) == permissions.contains(.email))
            #expect(result.permissions.contains(.email) == permissions.contains(.email))
        }
        if let profile = result.userProfile {
            #expect(profile.userID == harness.brown.userID)
            #expect(profile.displayName == harness.brown.displayName)
        }
    }

    @Test("profile, friendship, verify, refresh, logout")
    func sessionLifecycle() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let manager = try harness.manager(userAgent: harness.browser(harness.cony, decision: .allow(addFriend: true)))
        var parameters = LoginManager.Parameters()
        parameters.botPromptStyle = .aggressive
        let result = try await manager.login(permissions: [.profile, .openID], parameters: parameters)
        // Cony was not a friend and accepted the bot prompt.
        #expect(result.friendshipStatusChanged == true)

        let api = try manager.api
        #expect(try await api.getProfile().displayName == harness.cony.displayName)
        #expect(try await api.getBotFriendshipStatus().friendFlag)
        let verified = try await api.verifyAccessToken()
        #expect(verified.channelID == harness.channel.channelID)
        #expect(verified.expiresIn > 0)
        #expect(verified.permissions.contains(.profile))

        let refreshed = try await api.refreshAccessToken()
        #expect(refreshed.value != result.accessToken.value)
        #expect(refreshed.IDTokenRaw == result.accessToken.IDTokenRaw, "a refresh carries no ID token; the login's is kept")
        #expect(manager.accessTokenStore.current?.value == refreshed.value)

        try await manager.logout()
        #expect(!manager.isAuthorized)
        await #expect(throws: LineSDKError.self) { _ = try await api.verifyAccessToken(refreshed.value) }
        do {
            _ = try await api.getProfile()
            Issue.record("profile after logout must fail")
        } catch {
            guard case .requestFailed(.lackOfAccessToken) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test("refresh with rotating refresh tokens keeps the session and kills the old refresh token")
    func refreshRotation() async throws {
        let harness = try await EmulatorHarness.start { $0.rotateRefreshTokens = true }
        defer { Task { await harness.stop() } }
        let manager = try harness.manager()
        _ = try await manager.login(permissions: [.profile])
        let firstRefreshToken = try #require(await harness.store.load()?.refreshToken)
        _ = try await manager.api.refreshAccessToken()
        let secondRefreshToken = try #require(await harness.store.load()?.refreshToken)
        #expect(firstRefreshToken != secondRefreshToken, "the rotated refresh token was persisted")
        _ = try await manager.api.refreshAccessToken()
        // The old refresh token no longer works.
        let client = TokenClient(configuration: harness.providerConfiguration, transport: URLSessionTransport())
        await #expect(throws: OAuthError.self) { _ = try await client.refresh(refreshToken: firstRefreshToken) }
    }

    @Test("an expired access token is refreshed automatically on 401")
    func expiredAccessTokenRefreshes() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let manager = try harness.manager()
        let result = try await manager.login(permissions: [.profile])
        harness.emulator.expireAccessTokens()
        let profile = try await manager.api.getProfile()
        #expect(profile.userID == harness.brown.userID)
        #expect(manager.accessTokenStore.current?.value != result.accessToken.value)
    }

    @Test("proactive refresh: a token inside the margin is refreshed before the call")
    func proactiveRefresh() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let clock = MovableClock()
        let manager = try harness.manager(clock: clock)
        let result = try await manager.login(permissions: [.profile])
        clock.advance(by: result.accessToken.expiresIn - 30)
        _ = try await manager.api.getProfile()
        #expect(manager.accessTokenStore.current?.value != result.accessToken.value)
    }

    @Test("an ID token signed with a rotated key validates after one JWKS refetch")
    func rotatedSigningKey() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let manager = try harness.manager()
        let first = try await manager.login(permissions: [.openID])
        let newKeyID = harness.emulator.rotateSigningKey()
        try await manager.logout()
        let second = try await manager.login(permissions: [.openID])
        #expect(first.accessToken.IDToken?.header.keyID != newKeyID)
        #expect(second.accessToken.IDToken?.header.keyID == newKeyID)
    }

    @Test("1,000 concurrent API calls with an expired token cause exactly one refresh")
    func singleFlightRefresh() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        // 1,000 requests at once through one URLSession on a loaded 2-core machine under ThreadSanitizer took
        // over a minute; the default 30 s request timeout would fail calls for the machine's sake, not the
        // refresh's.
        let manager = try harness.manager(timeout: 600)
        _ = try await manager.login(permissions: [.profile])
        harness.emulator.expireAccessTokens()
        let before = harness.emulator.stats.refreshRequests
        let api = try manager.api
        let failures = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<1000 {
                group.addTask {
                    do {
                        _ = try await api.getProfile()
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return try await group.reduce(into: [String]()) { failures, failure in failure.map { failures.append($0) } }
        }
        #expect(failures.isEmpty, "\(failures.count) of 1000 failed, the first: \(failures.first ?? "")")
        #expect(harness.emulator.stats.refreshRequests - before == 1)
    }

    @Test("the completion-handler forms deliver the same results")
    func completionHandlers() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let manager = try harness.manager()
        let result: Result<LoginResult, LineSDKError> = await withCheckedContinuation { continuation in
            manager.login(permissions: [.profile, .openID], callbackQueue: .untouch) { continuation.resume(returning: $0) }
        }
        #expect(try result.get().userProfile?.userID == harness.brown.userID)
        let logout: Result<Void, LineSDKError> = await withCheckedContinuation { continuation in
            manager.logout(callbackQueue: .untouch) { continuation.resume(returning: $0) }
        }
        #expect((try? logout.get()) != nil)
    }
}
#endif
