#if Emulator
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthEngine
import LineLoginTesting
import Testing
@testable import LineSDK

@Suite(.emulatedLine) struct APIWithoutTokenTests {
    @Test func everyAPIWithoutATokenIsLackOfAccessToken() async throws {
        let env = try await LineTestEnvironment()
        let api = try env.manager.api
        #expect(await capture { () async throws(LineSDKError) in try await api.getProfile() }?.isLackOfAccessToken == true)
        #expect(await capture { () async throws(LineSDKError) in try await api.getBotFriendshipStatus() }?.isLackOfAccessToken == true)
        #expect(await capture { () async throws(LineSDKError) in try await api.refreshAccessToken() }?.isLackOfAccessToken == true)
        #expect(await capture { () async throws(LineSDKError) in try await api.verifyAccessToken() }?.isLackOfAccessToken == true)
        // LINE's SDK: revoking with nothing stored succeeds.
        #expect(await capture { () async throws(LineSDKError) in try await api.revokeAccessToken() } == nil)
        #expect(await capture { () async throws(LineSDKError) in try await api.revokeRefreshToken() } == nil)
        #expect(env.platform.requests.isEmpty, "nothing is sent without a token")
    }
}

@Suite(.emulatedLine) struct APITests {
    private func loggedIn(_ permissions: Set<LoginPermission> = [.profile, .openID]) async throws -> (LineTestEnvironment, LoginResult) {
        let env = try await LineTestEnvironment()
        let result = try await env.login(permissions)
        return (env, result)
    }

    /// Different from LINE's SDK on purpose: revoking a token that is not the current one keeps the session.
    @Test func revokingAnotherTokenKeepsTheSession() async throws {
        let (env, result) = try await loggedIn()
        let old = try await env.platform.issueTokens(clientID: LineTestEnvironment.channelID, scopes: ["profile"])
        try await env.manager.api.revokeAccessToken(old.accessToken)
        #expect(await !env.platform.isValidAccessToken(old.accessToken))
        #expect(env.manager.accessTokenStore.current == result.accessToken)
        try await env.manager.api.revokeAccessToken()
        #expect(!env.manager.isAuthorized)
        #expect(await env.storedTokens() == nil)
    }

    @Test func profileAndFriendship() async throws {
        let (env, result) = try await loggedIn()
        let api = try env.manager.api
        let profile = try await api.getProfile()
        #expect(profile == result.userProfile)
        let request = try #require(env.platform.requests(to: EmulatedLine.Paths.profile).last)
        #expect(request.headers["Authorization"] == "Bearer \(result.accessToken.value)")
        #expect(try await api.getBotFriendshipStatus().friendFlag)
    }

    @Test func profileWithoutOptionalFields() async throws {
        let user = EmulatorUser(
            userID: "U0123456789abcdef0123456789abcdef", displayName: "Sally", pictureURL: nil, statusMessage: nil,
            email: nil, password: "sally", isFriend: false)
        let env = try await LineTestEnvironment(users: [user])
        let result = try await env.login([.profile])
        #expect(result.userProfile == UserProfile(userID: user.userID, displayName: "Sally", pictureURL: nil, statusMessage: nil))
        #expect(result.userProfile?.pictureURLLarge == nil)
        #expect(try await env.manager.api.getBotFriendshipStatus().friendFlag == false)
    }

    /// One 401 → one refresh → the call is repeated with the new token and succeeds.
    @Test func unauthorizedProfileRefreshesOnceAndSucceeds() async throws {
        let (env, result) = try await loggedIn()
        env.platform.expireAccessTokens()
        let recorder = TokenNotificationRecorder(platform: env.platform)
        let profile = try await env.manager.api.getProfile()
        #expect(profile.userID == EmulatedLine.defaultUser.userID)
        #expect(env.platform.refreshRequests.count == 1)
        let refresh = try #require(env.platform.refreshRequests.first)
        #expect(refresh.field("client_id") == LineTestEnvironment.channelID)
        #expect(refresh.field("refresh_token") != nil)
        let current = try #require(env.manager.accessTokenStore.current)
        #expect(current.value != result.accessToken.value)
        #expect(
            current.IDTokenRaw == result.accessToken.IDTokenRaw,
            "the login's ID token survives the refresh (LINE's refresh responses carry no ID token)")
        let profileCalls = env.platform.requests(to: EmulatedLine.Paths.profile)
        #expect(profileCalls.last?.headers["Authorization"] == "Bearer \(current.value)")
        #expect(recorder.names == [.LineSDKAccessTokenDidUpdate])
        #expect(recorder.recorded.first?.oldToken == result.accessToken)
        #expect(recorder.recorded.first?.newToken == current)
    }

    /// Concurrent calls that all see a 401 share one refresh.
    @Test func concurrentUnauthorizedCallsShareOneRefresh() async throws {
        let (env, _) = try await loggedIn()
        env.platform.expireAccessTokens()
        let api = try env.manager.api
        let profiles = await withTaskGroup(of: UserProfile?.self) { group in
            for _ in 0..<5 { group.addTask { try? await api.getProfile() } }
            var collected: [UserProfile?] = []
            for await profile in group { collected.append(profile) }
            return collected
        }
        #expect(profiles.allSatisfy { $0 != nil })
        #expect(env.platform.refreshRequests.count == 1)
    }

    @Test func expiringTokenIsRefreshedBeforeTheCall() async throws {
        let platform = try await EmulatedLine.start()
        let tokens = try await platform.issueTokens(clientID: LineTestEnvironment.channelID, scopes: ["profile"], expiresIn: 30)
        let env = try LineTestEnvironment(platform: platform, store: MemoryTokenStore(tokens: tokens))
        _ = try await env.manager.api.getProfile()
        #expect(platform.refreshRequests.count == 1)
        #expect(platform.requests(to: EmulatedLine.Paths.profile).count == 1, "no 401 round trip")
    }

    @Test func refreshInvalidGrantEndsTheSession() async throws {
        let (env, result) = try await loggedIn()
        try await env.revokeRefreshTokenAtLINE()
        let recorder = TokenNotificationRecorder(platform: env.platform)
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.refreshAccessToken() })
        #expect(error.isRefreshTokenError)
        #expect(error.isBadRequest)
        #expect(error.statusCode == 400)
        #expect(!env.manager.isAuthorized)
        #expect(env.manager.accessTokenStore.current == nil)
        #expect(await env.storedTokens() == nil)
        #expect(recorder.names == [.LineSDKAccessTokenDidRemove])
        #expect(recorder.recorded.first?.oldToken == result.accessToken)
    }

    /// The docs' scenario: an API call with an expired token whose refresh token is dead too.
    @Test func unauthorizedCallWithDeadRefreshTokenIsRefreshTokenError() async throws {
        let (env, _) = try await loggedIn()
        env.platform.expireAccessTokens()
        try await env.revokeRefreshTokenAtLINE()
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        #expect(error.isRefreshTokenError)
        #expect(!env.manager.isAuthorized)
        #expect(await env.storedTokens() == nil)
    }

    /// LINE's definition: a 400 from the token endpoint, whatever its `error`; a 400 elsewhere is not one.
    @Test func refreshTokenErrorMeansA400FromTheTokenEndpoint() async throws {
        let (env, _) = try await loggedIn()
        env.platform.setFaults { $0.refreshStatus = 400 }
        let refresh = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.refreshAccessToken() })
        #expect(refresh.isRefreshTokenError)
        #expect(refresh.apiDetail?.raw.url?.path == "/oauth2/v2.1/token")
        env.platform.setFaults {
            $0.refreshStatus = nil
            $0.profileStatus = 400
        }
        let profile = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        #expect(profile.isBadRequest && !profile.isRefreshTokenError)
    }

    @Test func serviceUnavailableKeepsTheTokens() async throws {
        let (env, result) = try await loggedIn()
        env.platform.setFaults { $0.profileStatus = 503 }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        #expect(error.statusCode == 503)
        #expect(!error.isRefreshTokenError)
        #expect(!error.isTokenError)
        #expect(env.manager.isAuthorized)
        #expect(await env.storedTokens()?.accessToken == result.accessToken.value)
    }

    @Test func refreshServiceUnavailableKeepsTheTokens() async throws {
        let (env, result) = try await loggedIn()
        env.platform.setFaults { $0.refreshStatus = 503 }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.refreshAccessToken() })
        #expect(error.statusCode == 503)
        #expect(!error.isRefreshTokenError)
        #expect(env.manager.accessTokenStore.current == result.accessToken)
        #expect(await env.storedTokens()?.refreshToken != nil)
    }

    @Test func timeoutKeepsTheTokens() async throws {
        let (env, result) = try await loggedIn()
        env.platform.setFaults { $0.transportFailure = (EmulatedLine.Paths.profile, .timedOut) }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        guard case .responseFailed(reason: .URLSessionError(let underlying)) = error, underlying as? TransportError == .timedOut else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(error.isURLSessionTimeOut)
        #expect(env.manager.accessTokenStore.current == result.accessToken)
        #expect(await env.storedTokens() != nil)
    }

    @Test func forbiddenIsPermissionError() async throws {
        let (env, _) = try await loggedIn([.openID]) // no profile scope: LINE answers 403
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        #expect(error.isPermissionError)
        #expect(!error.isBadRequest)
        #expect(error.statusCode == 403)
        #expect(
            error.apiDetail?.message == "Not allowed to use the API.",
            "API-style {message} errors are read (LINE's profile and friendship errors are `{message}`)")
        #expect(env.manager.isAuthorized)
        let friendship = await capture { () async throws(LineSDKError) in try await env.manager.api.getBotFriendshipStatus() }
        #expect(friendship?.isPermissionError == true)
    }

    /// A 401 that survives one refresh is reported as a token error (no refresh loop).
    @Test func persistentUnauthorizedIsTokenError() async throws {
        let (env, _) = try await loggedIn()
        let before = env.platform.requests(to: EmulatedLine.Paths.profile).count
        env.platform.setFaults { $0.profileStatus = 401 }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        #expect(error.isTokenError)
        #expect(!error.isRefreshTokenError)
        #expect(env.platform.refreshRequests.count == 1)
        #expect(env.platform.requests(to: EmulatedLine.Paths.profile).count - before == 2, "one call, one retry")
        #expect(env.manager.isAuthorized)
    }

    @Test func badRequestIsBadRequest() async throws {
        let (env, _) = try await loggedIn()
        env.platform.setFaults { $0.profileStatus = 400 }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        #expect(error.isBadRequest)
        #expect(!error.isRefreshTokenError)
        #expect(!error.isPermissionError)
        #expect(env.platform.refreshRequests.isEmpty)
    }

    @Test func malformedProfileIsDataParsingFailed() async throws {
        let (env, _) = try await loggedIn()
        env.platform.setFaults { $0.profileGarbage = true }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        #expect(error.parsingFailureType == "UserProfile")
        #expect(error.requestID == env.platform.lastRequestID)
        #expect(error.statusCode == 200)
    }

    @Test func profileMissingFieldsIsDataParsingFailed() async throws {
        let (env, _) = try await loggedIn()
        env.platform.setFaults { $0.profileMissingFields = true }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        #expect(error.parsingFailureType == "UserProfile")
        guard case .responseFailed(reason: .dataParsingFailed(_, _, let reason)) = error else { return }
        #expect("\(reason.map { "\($0)" } ?? "")".contains("displayName"))
    }

    @Test func malformedProfileDuringLoginFailsTheLogin() async throws {
        let env = try await LineTestEnvironment()
        env.platform.setFaults { $0.profileGarbage = true }
        let error = await capture { () async throws(LineSDKError) in try await env.login([.profile]) }
        #expect(error?.parsingFailureType == "UserProfile")
    }

    @Test func verifyReturnsChannelPermissionsAndLifetime() async throws {
        let (env, result) = try await loggedIn([.profile, .openID, .email])
        let verified = try await env.manager.api.verifyAccessToken()
        #expect(verified.channelID == LineTestEnvironment.channelID)
        // LINE's verify lists the scopes as its token response does: never `email`, even when granted.
        #expect(Set(verified.permissions) == [.profile, .openID])
        #expect(verified.expiresIn > 0 && verified.expiresIn <= 2_592_000)
        let request = try #require(env.platform.requests(to: EmulatedLine.Paths.verify).last)
        #expect(request.method == "GET")
        #expect(request.queryValue("access_token") == result.accessToken.value)
    }

    @Test func verifyOfARevokedTokenIsBadRequest() async throws {
        let (env, result) = try await loggedIn()
        try await env.platform.revoke(accessToken: result.accessToken.value)
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.verifyAccessToken() })
        #expect(error.isBadRequest)
        #expect(error.apiDetail?.errorCode == "invalid_request")
        #expect(error.apiDetail?.error?.error == "invalid_request")
        #expect(error.apiDetail?.error?.detail == "invalid access token")
        #expect(error.apiDetail?.message == "invalid access token")
    }

    @Test func malformedVerifyIsDataParsingFailed() async throws {
        let (env, _) = try await loggedIn()
        env.platform.setFaults { $0.verifyGarbage = true }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.verifyAccessToken() })
        #expect(error.parsingFailureType == "AccessTokenVerifyResult")
        #expect(error.requestID == env.platform.lastRequestID)
    }

    @Test func verifyMissingFieldsIsDataParsingFailed() async throws {
        let (env, _) = try await loggedIn()
        env.platform.setFaults { $0.verifyMissingFields = true }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.verifyAccessToken() })
        #expect(error.parsingFailureType == "AccessTokenVerifyResult")
    }

    @Test func requestIDIsKeptInErrors() async throws {
        let (env, _) = try await loggedIn()
        env.platform.setFaults { $0.profileStatus = 500 }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        let requestID = try #require(env.platform.lastRequestID)
        #expect(error.requestID == requestID)
        #expect(error.apiDetail?.requestID == requestID)
        #expect(error.apiDetail?.raw.url?.path == "/v2/profile")
        #expect(error.description.contains(requestID))
    }

    @Test func explicitRefreshKeepsIDTokenAndStoresTheNewToken() async throws {
        let (env, result) = try await loggedIn([.profile, .openID, .email])
        let refreshed = try await env.manager.api.refreshAccessToken()
        #expect(refreshed.value != result.accessToken.value)
        #expect(refreshed.IDTokenRaw == result.accessToken.IDTokenRaw)
        #expect(refreshed.permissions.contains(.email), "email still derived from the kept ID token")
        #expect(env.manager.accessTokenStore.current == refreshed)
        #expect(await env.storedTokens()?.accessToken == refreshed.value)
        #expect(await env.platform.isValidAccessToken(refreshed.value))
        #expect(try await env.manager.api.getProfile().userID == EmulatedLine.defaultUser.userID)
    }

    @Test func revokingTheCurrentAccessTokenLogsOut() async throws {
        let (env, result) = try await loggedIn()
        try await env.manager.api.revokeAccessToken()
        let revoke = try #require(env.platform.revokeRequests.last)
        #expect(revoke.form.map(\.0) == ["access_token", "client_id"])
        #expect(revoke.field("access_token") == result.accessToken.value)
        #expect(!env.manager.isAuthorized)
        #expect(await env.storedTokens() == nil)
    }

    @Test func revokingAnotherAccessTokenKeepsTheSession() async throws {
        let (env, _) = try await loggedIn()
        try await env.manager.api.revokeAccessToken("at-some-other-token")
        #expect(env.manager.isAuthorized)
    }

    @Test func revokingTheRefreshTokenEndsTheSession() async throws {
        let (env, _) = try await loggedIn()
        let refreshToken = try #require(await env.storedTokens()?.refreshToken)
        try await env.manager.api.revokeRefreshToken()
        let revoke = try #require(env.platform.revokeRequests.last)
        #expect(revoke.field("refresh_token") == refreshToken)
        #expect(revoke.field("token") == nil, "LINE's field names, not RFC 7009's (LINE's revoke takes access_token=, not token=)")
        #expect(!env.manager.isAuthorized)
    }
}
#endif
