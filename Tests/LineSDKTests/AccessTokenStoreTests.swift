#if Emulator
import Foundation
import LineLoginTesting
import OAuthEngine
import Testing
@testable import LineSDK

@Suite(.emulatedLine) struct AccessTokenStoreTests {
    @Test func notificationsForLoginRefreshAndLogout() async throws {
        let env = try await LineTestEnvironment()
        let recorder = TokenNotificationRecorder(platform: env.platform)

        let result = try await env.login([.profile])
        #expect(recorder.names == [.LineSDKAccessTokenDidUpdate])
        #expect(recorder.recorded.last?.newToken == result.accessToken)
        #expect(recorder.recorded.last?.oldToken == nil)

        let refreshed = try await env.manager.api.refreshAccessToken()
        #expect(recorder.names == [.LineSDKAccessTokenDidUpdate, .LineSDKAccessTokenDidUpdate])
        #expect(recorder.recorded.last?.newToken == refreshed)
        #expect(recorder.recorded.last?.oldToken == result.accessToken)

        try await env.manager.logout()
        #expect(recorder.names == [.LineSDKAccessTokenDidUpdate, .LineSDKAccessTokenDidUpdate, .LineSDKAccessTokenDidRemove])
        #expect(recorder.recorded.last?.oldToken == refreshed)
        #expect(recorder.recorded.last?.newToken == nil)

        // Logging out again changes nothing and posts nothing.
        try await env.manager.logout()
        #expect(recorder.names.count == 3)
    }

    @Test func notificationsCarryTheTokenAsObject() async throws {
        let first = try await LineTestEnvironment()
        let second = try await LineTestEnvironment(channelID: "2222222222")
        let recorder = TokenNotificationRecorder(platform: first.platform)
        _ = try await second.login([.profile])
        #expect(recorder.recorded.isEmpty, "another manager's login is not this store's notification")
        _ = try await first.login([.profile])
        #expect(recorder.names == [.LineSDKAccessTokenDidUpdate])
    }

    #if Emulator
    @Test func currentFollowsLoginRefreshAndLogout() async throws {
        try await withTestLinePlatform { line in
            let manager = try LoginManager(configuration: line.loginConfiguration())
            let store = manager.accessTokenStore
            #expect(store.current == nil)

            let result = try await manager.login(permissions: [.profile, .openID])
            #expect(store.current == result.accessToken)
            #expect(manager.isAuthorized)

            let refreshed = try await manager.api.refreshAccessToken()
            #expect(refreshed.value != result.accessToken.value, "a refresh issues a new access token")
            #expect(store.current == refreshed)

            try await manager.logout()
            #expect(store.current == nil)
            #expect(!manager.isAuthorized)
        }
    }

    @Test func changesStreamYieldsTokensThenNil() async throws {
        try await withTestLinePlatform { line in
            let manager = try LoginManager(configuration: line.loginConfiguration())
            var iterator = manager.accessTokenStore.changes.makeAsyncIterator()

            let result = try await manager.login(permissions: [.profile])
            let first = await iterator.next()
            #expect(first == .some(result.accessToken))

            let refreshed = try await manager.api.refreshAccessToken()
            let second = await iterator.next()
            #expect(second == .some(refreshed))

            try await manager.logout()
            let third = await iterator.next()
            #expect(third == .some(nil))
        }
    }

    @Test func accessTokenFields() async throws {
        try await withTestLinePlatform { line in
            let manager = try LoginManager(configuration: line.loginConfiguration())
            let before = Date()
            let result = try await manager.login(permissions: [.profile, .openID, .email])
            let token = result.accessToken
            #expect(token.createdAt >= before.addingTimeInterval(-1) && token.createdAt <= Date())
            #expect(abs(token.expiresAt.timeIntervalSince(token.createdAt) - line.configuration.accessTokenLifetime) < 1)
            #expect(abs(token.expiresIn - 2_592_000) < 1, "LINE's 30 days, the emulator's default")
            #expect(Set(token.permissions) == [.profile, .openID, .email])
            #expect(token.IDToken?.payload.subject == line.userID)
        }
    }

    /// After a restart the stored session must be visible synchronously, as in LINE's SDK
    /// (`isAuthorized`, `AccessTokenStore.shared.current`).
    @Test func storedSessionIsVisibleAfterSetup() async throws {
        try await withTestLinePlatform { line in
            let signedIn = try await line.signIn(scopes: ["profile"])
            let now = Date()
            let tokens = TokenSet(
                accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken, idToken: nil, scopes: signedIn.scopes,
                issuedAt: now, expiresAt: now.addingTimeInterval(signedIn.expiresIn ?? 3600))
            let manager = try LoginManager(configuration: line.loginConfiguration(tokenStore: MemoryTokenStore(tokens: tokens)))

            // The session itself works: the API uses the stored token (the platform answers 401 to any other).
            #expect(try await manager.api.getProfile().userID == line.userID)

            // An asynchronous store is read in the background after setup: wait for that read's token to show.
            let changes = manager.accessTokenStore.changes
            if !manager.isAuthorized {
                for await token in changes where token != nil { break }
            }
            #expect(manager.isAuthorized)
            #expect(manager.accessTokenStore.current?.value == tokens.accessToken)
        }
    }

    @Test func storeFailureKeepsTokensInMemory() async throws {
        try await withTestLinePlatform { line in
            let store = MemoryTokenStore()
            let manager = try LoginManager(configuration: line.loginConfiguration(tokenStore: store))
            await store.setFailure(.io("disk full"))
            let result = try await manager.login(permissions: [.profile])
            #expect(manager.accessTokenStore.current == result.accessToken)
            #expect(try await manager.api.getProfile().userID == line.userID)
            await store.setFailure(nil)
            _ = try await manager.api.getProfile()
            #expect((try? await store.load())?.accessToken == result.accessToken.value, "the write is retried")
        }
    }
    #endif
}

@Suite(.emulatedLine) struct MultiChannelTests {
    @Test func independentManagersKeepSeparateTokens() async throws {
        let platform = try await EmulatedLine.start(channelIDs: ["1111111111", "2222222222"])
        let first = try LineTestEnvironment(channelID: "1111111111", platform: platform)
        let second = try LineTestEnvironment(channelID: "2222222222", platform: platform)

        let firstResult = try await first.login([.profile, .openID])
        #expect(first.manager.isAuthorized)
        #expect(!second.manager.isAuthorized, "a login on one channel doesn't authorize another")

        let secondResult = try await second.login([.profile, .openID])
        #expect(firstResult.accessToken.value != secondResult.accessToken.value)
        #expect(firstResult.accessToken.IDToken?.payload.audience == "1111111111")
        #expect(secondResult.accessToken.IDToken?.payload.audience == "2222222222")
        #expect(first.manager.accessTokenStore.current == firstResult.accessToken)
        #expect(second.manager.accessTokenStore.current == secondResult.accessToken)
        #expect(await first.storedTokens()?.accessToken == firstResult.accessToken.value)
        #expect(await second.storedTokens()?.accessToken == secondResult.accessToken.value)

        #expect(try await first.manager.api.verifyAccessToken().channelID == "1111111111")
        #expect(try await second.manager.api.verifyAccessToken().channelID == "2222222222")

        try await first.manager.logout()
        #expect(platform.revokeRequests.allSatisfy { $0.field("client_id") == "1111111111" })
        #expect(!first.manager.isAuthorized)
        #expect(second.manager.isAuthorized)
        #expect(try await second.manager.api.getProfile().userID == EmulatedLine.defaultUser.userID)
        #expect(await capture { () async throws(LineSDKError) in try await first.manager.api.getProfile() }?.isLackOfAccessToken == true)
    }

    @Test func refreshOnOneChannelLeavesTheOtherAlone() async throws {
        let platform = try await EmulatedLine.start(channelIDs: ["1111111111", "2222222222"])
        let first = try LineTestEnvironment(channelID: "1111111111", platform: platform)
        let second = try LineTestEnvironment(channelID: "2222222222", platform: platform)
        _ = try await first.login([.profile])
        let secondResult = try await second.login([.profile])
        try await first.revokeRefreshTokenAtLINE()
        _ = await capture { () async throws(LineSDKError) in try await first.manager.api.refreshAccessToken() }
        #expect(!first.manager.isAuthorized)
        #expect(second.manager.accessTokenStore.current == secondResult.accessToken)
    }
}

@Suite(.emulatedLine) struct CorruptTokenFileTests {
    @Test func aCorruptFileIsReportedAndCountsAsLoggedOut() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(directory: directory, key: "channel-1234567890")
        try Data("{ not json".utf8).write(to: store.fileURL)
        let manager = try LoginManager(
            configuration: LoginConfiguration(
                channelID: "1234567890", platform: .custom(baseURL: URL(string: "https://line.test")!), tokenStore: store))
        #expect(!manager.isAuthorized)
        guard case .corrupt? = manager.tokenStoreError else {
            Issue.record("expected a corrupt-store report, got \(String(describing: manager.tokenStoreError))")
            return
        }
    }
}

/// LINE's `AccessTokenStore.current` has a setter: here it replaces the session behind it.
@Suite(.emulatedLine) struct AccessTokenStoreSetterTests {
    @Test func settingCurrentReplacesTheSessionAndNilLogsOut() async throws {
        let env = try await LineTestEnvironment()
        let issued = try await env.platform.issueTokens(clientID: LineTestEnvironment.channelID, scopes: ["profile"])
        var changes = env.manager.accessTokenStore.changes.makeAsyncIterator()
        env.manager.accessTokenStore.current = try JSONDecoder().decode(
            AccessToken.self,
            from: JSONEncoder().encode(
                [
                    "access_token": issued.accessToken, "refresh_token": issued.refreshToken ?? "", "token_type": "Bearer",
                    "scope": "profile", "expires_in": "3600",
                ].mapValues { $0 } as [String: String]
            ).replacingNumbers())
        #expect(env.manager.isAuthorized)
        _ = await changes.next()
        // The session takes assignments in order, after the setter returns: wait until it has.
        await env.manager.accessTokenStore.settled()
        #expect(await env.storedTokens()?.accessToken == issued.accessToken, "saved to the store")
        #expect(try await env.manager.api.getProfile().userID == EmulatedLine.defaultUser.userID, "used by calls")
        env.manager.accessTokenStore.current = nil
        #expect(!env.manager.isAuthorized)
        await env.manager.accessTokenStore.settled()
        #expect(await env.storedTokens() == nil)
    }
}

private extension Data {
    // `expires_in` as a JSON number, as LINE stores it.
    func replacingNumbers() -> Data {
        Data(String(decoding: self, as: UTF8.self).replacingOccurrences(of: "\"expires_in\":\"3600\"", with: "\"expires_in\":3600").utf8)
    }
}
#endif
