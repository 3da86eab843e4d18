#if Emulator
@testable import ClientTestSupport
import Foundation
import OAuthEngine
import LineLoginTesting
import Testing
@testable import LineSDK
import LineLoginPrimitives

// Code as LINE's "Integrating LINE Login with your iOS app", "Managing users", "Managing access tokens"
// and "Handling errors" pages write it, with only the view-controller argument (`in: self`) left out.
// It must compile against LineSDK's public API; the tests below run it against the emulator by
// setting `LoginManager.shared` up with `setup(configuration:)`.
//
// The "Handling errors" shortcut list (`isURLSessionTimeOut` included) and the "Getting error data"
// sample (`detail.error?.detail`, `detail.raw`) compile as LINE writes them.

/// Collects what the sample code saw, so the tests can check it after the completion handlers ran.
final class DocsRecorder: Sendable {
    private let values = Locked<[String: any Sendable]>([:])
    func set(_ key: String, _ value: (any Sendable)?) { values.withLock { $0[key] = value } }
    func get<T>(_ key: String, as: T.Type = T.self) -> T? { values.current[key] as? T }
    func has(_ key: String) -> Bool { values.current[key] != nil }
}

enum LineDocsSamples {
    // MARK: Integrating LINE Login — setup (AppDelegate). Compiled, never run (it would point
    // `LoginManager.shared` at LINE's production platform).

    static func application(_ application: Any?, didFinishLaunchingWithOptions launchOptions: [AnyHashable: Any]?) -> Bool {
        // Add this to your "didFinishLaunching" delegate method.
        LoginManager.shared.setup(channelID: "1234567890", universalLinkURL: nil)

        return true
    }

    // MARK: Integrating LINE Login — handle app opening

    static func application(_ app: Any?, open url: URL, options: [AnyHashable: Any] = [:]) -> Bool {
        return LoginManager.shared.application(app, open: url, options: options)
    }

    // MARK: Integrating LINE Login — login

    static func login(_ recorder: DocsRecorder, done: @escaping @Sendable () -> Void) {
        LoginManager.shared.login(permissions: [.profile]) {
            result in
            switch result {
            case .success(let loginResult):
                print(loginResult.accessToken.value)
                // Do other things you need with the login result
                recorder.set("accessToken", loginResult.accessToken.value)
                recorder.set("permissions", loginResult.permissions)
                if let profile = loginResult.userProfile {
                    print("User ID: \(profile.userID)")
                    print("User Display Name: \(profile.displayName)")
                    print("User Status Message: \(profile.statusMessage)")
                    print("User Icon: \(String(describing: profile.pictureURL))")
                    recorder.set("profile", profile)
                }
            case .failure(let error):
                print(error)
                recorder.set("error", error)
            }
            done()
        }
    }

    // MARK: Managing users — ID token with a nonce, email

    static func loginWithIDToken(_ recorder: DocsRecorder, done: @escaping @Sendable () -> Void) {
        var parameters = LoginManager.Parameters()
        parameters.IDTokenNonce = "<a randomly-generated string>"
        LoginManager.shared.login(permissions: [.profile, .openID, .email], parameters: parameters) {
            result in
            switch result {
            case .success(let loginResult):
                if let idToken = loginResult.accessToken.IDTokenRaw {
                    // Send `idToken` to your server.
                    recorder.set("IDTokenRaw", idToken)
                } else {
                    // Something went wrong. You should fail the login.
                }
                if let email = loginResult.accessToken.IDToken?.payload.email {
                    print("User Email: \(email)")
                    recorder.set("email", email)
                }
                if let idToken = loginResult.accessToken.IDToken {
                    recorder.set("subscriptEmail", idToken.payload["email", String.self])
                    recorder.set("subscriptNonce", idToken.payload["nonce", String.self])
                    recorder.set("subject", idToken.payload.subject)
                }
                if loginResult.permissions.contains(.profile) {
                    recorder.set("hasProfilePermission", true)
                }
                recorder.set("hasEmailPermission", loginResult.permissions.contains(.email))
                recorder.set("nonce", loginResult.IDTokenNonce)
                if let profile = loginResult.userProfile {
                    print("User ID: \(profile.userID)")
                    print("User Display Name: \(profile.displayName)")
                    print("User Status Message: \(profile.statusMessage)")
                    print("User Icon: \(String(describing: profile.pictureURL))")
                    recorder.set("profile", profile)
                }
            case .failure(let error):
                print(error)
                recorder.set("error", error)
            }
            done()
        }
    }

    // MARK: Managing users — profile, friendship

    static func getProfile(_ recorder: DocsRecorder, done: @escaping @Sendable () -> Void) {
        API.getProfile { result in
            switch result {
            case .success(let profile):
                print("User ID: \(profile.userID)")
                print("User Display Name: \(profile.displayName)")
                print("User Status Message: \(profile.statusMessage)")
                print("User Icon: \(String(describing: profile.pictureURL))")
                recorder.set("apiProfile", profile)
            case .failure(let error):
                print(error)
                recorder.set("error", error)
            }
            done()
        }
    }

    static func getBotFriendshipStatus(_ recorder: DocsRecorder, done: @escaping @Sendable () -> Void) {
        API.getBotFriendshipStatus { result in
            switch result {
            case .success(let status):
                print("Friendship status: \(status.friendFlag)")
                recorder.set("friendFlag", status.friendFlag)
            case .failure(let error):
                print(error)
                recorder.set("error", error)
            }
            done()
        }
    }

    // MARK: Managing access tokens

    static func currentToken(_ recorder: DocsRecorder) {
        if let token = AccessTokenStore.shared.current {
            print("Token expires at:\(token.expiresAt)")
            recorder.set("currentValue", token.value)
            recorder.set("currentExpiresAt", token.expiresAt)
        }
        recorder.set("isAuthorized", LoginManager.shared.isAuthorized)
    }

    static func refreshAccessToken(_ recorder: DocsRecorder, done: @escaping @Sendable () -> Void) {
        API.Auth.refreshAccessToken { result in
            switch result {
            case .success(let token):
                print("Token Refreshed: \(token)")
                recorder.set("refreshedValue", token.value)
            case .failure(let error):
                print(error)
                recorder.set("error", error)
            }
            done()
        }
    }

    static func verifyAccessToken(_ recorder: DocsRecorder, done: @escaping @Sendable () -> Void) {
        API.Auth.verifyAccessToken { result in
            switch result {
            case .success(let value):
                print(value.channelID) // Bound channel ID of the token.
                print(value.permissions) // The permissions of this token.
                print(value.expiresIn) // How long it is before the token expires.
                recorder.set("verify", value)
            case .failure(let error):
                print(error)
                recorder.set("error", error)
            }
            done()
        }
    }

    // MARK: Managing users — logout

    static func logout(_ recorder: DocsRecorder, done: @escaping @Sendable () -> Void) {
        LoginManager.shared.logout { result in
            switch result {
            case .success:
                print("Logout from LINE")
                recorder.set("loggedOut", true)
            case .failure(let error):
                print(error)
                recorder.set("error", error)
            }
            done()
        }
    }

    // MARK: Handling errors — shortcuts and error data

    static func loginHandlingErrors(_ recorder: DocsRecorder, done: @escaping @Sendable () -> Void) {
        LoginManager.shared.login(permissions: [.profile]) { result in
            switch result {
            case .success(let loginResult):
                print(loginResult.accessToken.value)
            case .failure(let error):
                if error.isUserCancelled {
                    // User cancelled the login process himself/herself.
                    recorder.set("classified", "userCancelled")
                } else if error.isPermissionError {
                    // Equivalent to checking .responseFailed.invalidHTTPStatusAPIError
                    // with code 403. Should login again.
                    recorder.set("classified", "permission")
                } else if error.isRefreshTokenError {
                    // User is accessing a public API with expired token, LINE SDK tried to
                    // refresh the access token automatically, but failed (due to refresh token)
                    // also expired. Should login again.
                    recorder.set("classified", "refreshToken")
                } else if error.isURLSessionTimeOut {
                    // Underlying request timeout in URL session. Should try again later.
                    recorder.set("classified", "timeout")
                } else {
                    // Any other errors.
                    print("\(error)")
                    recorder.set("classified", "other")
                }
            }
            done()
        }
    }

    static func getProfileHandlingErrorData(_ recorder: DocsRecorder, done: @escaping @Sendable () -> Void) {
        API.getProfile { result in
            switch result {
            case .success(let profile):
                print(profile.displayName)
            case .failure(let error):
                if case .responseFailed(
                    reason: .invalidHTTPStatusAPIError(let detail)) = error
                {
                    print("HTTP Status Code: \(detail.code)")
                    print("Raw response: \(detail.raw)")
                    if detail.code == 500 {
                        print("LINE API Server Error: \(String(describing: detail.error))")
                        print("Error detail: \(String(describing: detail.error?.detail))")
                    } else if detail.code == 403 {
                        print("Not enough permission. Login again with required permissions?")
                        // Do Login
                    }
                    recorder.set("statusCode", detail.code)
                }
                if error.isPermissionError { recorder.set("classified", "permission") }
            }
            done()
        }
    }
}

/// Awaits a docs sample that reports completion through `done`.
private func run(_ sample: (DocsRecorder, @escaping @Sendable () -> Void) -> Void) async -> DocsRecorder {
    let recorder = DocsRecorder()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        sample(recorder) { continuation.resume() }
    }
    return recorder
}

/// The tests that must use `LoginManager.shared`. `.serialized`, and the only suite touching `.shared`.
@Suite(.serialized, .emulatedLine) struct DocsSampleTests {
    /// `LoginManager.shared` can't be un-set-up, so the "before setup" checks run once, before the
    /// first setup, whichever test of this suite runs first.
    private static let sharedWasChecked = Locked(false)

    /// Points `LoginManager.shared` at a fresh emulator (setup replaces an earlier one).
    private static func setUpShared() async throws -> (EmulatedLine, FakeUserAgent) {
        let firstTime = sharedWasChecked.withLock { checked -> Bool in
            defer { checked = true }
            return !checked
        }
        if firstTime { await checkSharedBeforeSetup() }
        let platform = try await EmulatedLine.start()
        let agent = FakeUserAgent(platform: platform)
        try LoginManager.shared.setup(
            configuration: LineTestEnvironment.configuration(
                channelID: "1234567890", platform: platform, store: MemoryTokenStore(), agent: agent))
        return (platform, agent)
    }

    /// Before `setup`: no crash, every entry point fails with `requestFailed(.setupNotFinished)`.
    private static func checkSharedBeforeSetup() async {
        #expect(!LoginManager.shared.isSetupFinished)
        #expect(!LoginManager.shared.isAuthorized)
        #expect(AccessTokenStore.shared.current == nil)
        #expect(LoginManager.shared.configuration == nil)

        let login = await run(LineDocsSamples.login)
        #expect(login.get("error", as: LineSDKError.self)?.isSetupNotFinished == true)
        let profile = await run(LineDocsSamples.getProfile)
        #expect(profile.get("error", as: LineSDKError.self)?.isSetupNotFinished == true)
        let friendship = await run(LineDocsSamples.getBotFriendshipStatus)
        #expect(friendship.get("error", as: LineSDKError.self)?.isSetupNotFinished == true)
        let refresh = await run(LineDocsSamples.refreshAccessToken)
        #expect(refresh.get("error", as: LineSDKError.self)?.isSetupNotFinished == true)
        let verify = await run(LineDocsSamples.verifyAccessToken)
        #expect(verify.get("error", as: LineSDKError.self)?.isSetupNotFinished == true)
        let logout = await run(LineDocsSamples.logout)
        #expect(logout.get("error", as: LineSDKError.self)?.isSetupNotFinished == true)
        #expect(await capture { () async throws(LineSDKError) in try await API.getProfile() }?.isSetupNotFinished == true)
        #expect(await capture { () async throws(LineSDKError) in try await API.Auth.revokeAccessToken() }?.isSetupNotFinished == true)
        #expect(await capture { () async throws(LineSDKError) in try await LoginManager.shared.logout() }?.isSetupNotFinished == true)
        #expect(!LineDocsSamples.application(nil, open: URL(string: "line3rdp.com.example.lineapp://authorize/?code=a&state=b")!))
    }

    @Test func docsSamplesRunAgainstTheEmulator() async throws {
        let (platform, _) = try await Self.setUpShared()
        #expect(LoginManager.shared.isSetupFinished)
        #expect(!LoginManager.shared.isAuthorized)

        // Login with a nonce, openID and email.
        let login = await run(LineDocsSamples.loginWithIDToken)
        #expect(login.get("error", as: LineSDKError.self) == nil)
        let raw = try #require(login.get("IDTokenRaw", as: String.self))
        #expect(raw.split(separator: ".").count == 3)
        #expect(login.get("email", as: String.self) == EmulatedLine.defaultUser.email)
        #expect(login.get("subscriptEmail", as: String.self) == EmulatedLine.defaultUser.email)
        #expect(login.get("subscriptNonce", as: String.self) == "<a randomly-generated string>")
        #expect(login.get("nonce", as: String.self) == "<a randomly-generated string>")
        #expect(login.get("subject", as: String.self) == EmulatedLine.defaultUser.userID)
        #expect(login.get("hasProfilePermission", as: Bool.self) == true)
        #expect(login.get("hasEmailPermission", as: Bool.self) == true)
        let profile = try #require(login.get("profile", as: UserProfile.self))
        #expect(profile.userID == EmulatedLine.defaultUser.userID)
        #expect(profile.displayName == "Brown")
        #expect(profile.statusMessage == "Hello, LINE!")
        #expect(profile.pictureURL?.absoluteString == EmulatedLine.defaultUser.pictureURL)
        #expect(LoginManager.shared.isAuthorized)

        // AccessTokenStore.shared.current
        let current = DocsRecorder()
        LineDocsSamples.currentToken(current)
        let value = try #require(current.get("currentValue", as: String.self))
        #expect(await platform.isValidAccessToken(value))
        #expect(current.get("isAuthorized", as: Bool.self) == true)
        if let token = AccessTokenStore.shared.current {
            #expect(token.value == value)
            #expect(token.IDTokenRaw == raw)
        }

        // API.getProfile / API.getBotFriendshipStatus
        let apiProfile = await run(LineDocsSamples.getProfile)
        #expect(apiProfile.get("apiProfile", as: UserProfile.self) == profile)
        let friendship = await run(LineDocsSamples.getBotFriendshipStatus)
        #expect(friendship.get("friendFlag", as: Bool.self) == true)

        // API.Auth.verifyAccessToken
        let verify = await run(LineDocsSamples.verifyAccessToken)
        let verified = try #require(verify.get("verify", as: AccessTokenVerifyResult.self))
        #expect(verified.channelID == "1234567890")
        #expect(Set(verified.permissions) == [.profile, .openID], "LINE's verify never lists email")
        #expect(verified.expiresIn > 0)

        // API.Auth.refreshAccessToken
        let refresh = await run(LineDocsSamples.refreshAccessToken)
        let refreshed = try #require(refresh.get("refreshedValue", as: String.self))
        #expect(refreshed != value)
        #expect(AccessTokenStore.shared.current?.value == refreshed)
        #expect(AccessTokenStore.shared.current?.IDTokenRaw == raw, "the login's ID token is kept after a refresh")
        #expect(platform.refreshRequests.count == 1)

        // Logout.
        let logout = await run(LineDocsSamples.logout)
        #expect(logout.get("loggedOut", as: Bool.self) == true)
        #expect(!LoginManager.shared.isAuthorized)
        #expect(AccessTokenStore.shared.current == nil)
        #expect(await !platform.isValidAccessToken(refreshed))
        let afterLogout = await run(LineDocsSamples.getProfile)
        #expect(afterLogout.get("error", as: LineSDKError.self)?.isLackOfAccessToken == true)
    }

    @Test func docsLoginWithProfileOnly() async throws {
        let (platform, agent) = try await Self.setUpShared()
        let login = await run(LineDocsSamples.login)
        #expect(login.get("error", as: LineSDKError.self) == nil)
        #expect(login.get("permissions", as: Set<LoginPermission>.self) == [.profile])
        #expect(login.get("profile", as: UserProfile.self)?.userID == EmulatedLine.defaultUser.userID)
        #expect(agent.lastQuery["scope"] == "profile")
        #expect(agent.lastQuery["nonce"] == nil, "no nonce without openid")
        let verifier = try #require(platform.codeExchanges.last?.field("code_verifier"))
        #expect(PKCE(verifier: verifier).challenge == agent.lastQuery["code_challenge"])
        _ = await run(LineDocsSamples.logout)
    }

    @Test func docsErrorShortcutsClassifyACancelledLogin() async throws {
        let (_, agent) = try await Self.setUpShared()
        agent.outcome = .error("ACCESS_DENIED", description: "The user cancelled")
        let result = await run(LineDocsSamples.loginHandlingErrors)
        #expect(result.get("classified", as: String.self) == "userCancelled")
        #expect(!LoginManager.shared.isAuthorized)
    }

    @Test func docsErrorDataForAForbiddenProfile() async throws {
        let (platform, _) = try await Self.setUpShared()
        _ = await run(LineDocsSamples.login)
        platform.setFaults { $0.profileStatus = 403 }
        let result = await run(LineDocsSamples.getProfileHandlingErrorData)
        #expect(result.get("statusCode", as: Int.self) == 403)
        #expect(result.get("classified", as: String.self) == "permission")
        #expect(LoginManager.shared.isAuthorized, "a 403 does not end the session")
        platform.setFaults { $0.profileStatus = nil }
        _ = await run(LineDocsSamples.logout)
    }

    @Test func docsApplicationOpenURLRejectsUnrelatedURLs() async throws {
        _ = try await Self.setUpShared()
        #expect(!LineDocsSamples.application(nil, open: URL(string: "https://example.com/somewhere?code=a&state=b")!))
        // A well-formed callback with no login waiting is not taken either.
        #expect(!LineDocsSamples.application(nil, open: URL(string: "line3rdp.com.example.lineapp://authorize/?code=a&state=b")!))
        #expect(LoginManager.shared.isLoginCallback(URL(string: "line3rdp.com.example.lineapp://authorize/?code=a&state=b")!))
    }
}
#endif
