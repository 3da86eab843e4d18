#if Emulator
// An app's LineSDK code under `swift test`, against LINE played by LineLoginTesting: public API only, as in an
// app's own test target. (Run on Linux; macOS runs the same code. An iOS simulator was not tried.)
import LineLoginTesting
import LineSDK
import Testing

@Suite struct AppWithLineSDKExampleTests {
    /// Log in, read the profile, survive an expired access token (LineSDK refreshes it), log out.
    @Test func logInReadTheProfileAndRefreshAnExpiredToken() async throws {
        try await withTestLinePlatform { line in
            // The app's LoginManager, set up for the test platform's channel; the user "Brown" signs in on LINE's
            // pages over HTTP instead of in a browser. (An app may call `LoginManager.shared.setup(configuration:)`
            // and `API.getProfile()`; an independent manager keeps tests that run in parallel apart.)
            let manager = try LoginManager(configuration: line.loginConfiguration(userID: line.userID))

            let login = try await manager.login(permissions: [.profile, .openID])
            #expect(login.userProfile?.displayName == "Brown")
            #expect(login.accessToken.IDToken?.payload.subject == line.userID)

            let profile = try await manager.api.getProfile()
            #expect(profile.userID == line.userID)
            #expect(profile.displayName == "Brown")

            // LINE says the access token expired: the API call refreshes it and still succeeds.
            let before = try #require(manager.accessTokenStore.current?.value)
            line.expireAccessTokens()
            #expect(try await manager.api.getProfile().userID == line.userID)
            #expect(manager.accessTokenStore.current?.value != before)

            try await manager.logout()
            #expect(!manager.isAuthorized)
        }
    }

    /// A user who cancels on LINE's consent page: the app sees a cancellation, and no session.
    @Test func aCancelledLoginIsACancellation() async throws {
        try await withTestLinePlatform { line in
            let manager = try LoginManager(configuration: line.loginConfiguration(decision: .cancel))
            do throws(LineSDKError) {
                _ = try await manager.login(permissions: [.profile])
                Issue.record("a cancelled login succeeded")
            } catch {
                #expect(error.isUserCancelled, "\(error)")
            }
            #expect(!manager.isAuthorized)
        }
    }
}
#endif
