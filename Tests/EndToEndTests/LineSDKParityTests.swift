#if Emulator
@testable import ClientTestSupport
import EmulatorBrowser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LineLoginEmulator
import LineSDK
import OAuthEngine
import Testing

// Every login-core declaration of LINE SDK Swift 5.13, used the way LINE's reference and guides write
// it, against `import LineSDK` alone (no `@testable`): if a name, label, optionality or case set differs
// from LINE's, this file stops compiling. `docs/LINE_SDK_PARITY.md` lists each declaration and its status.
// Only `in: self` (a view controller) is left out. Code that must use `LoginManager.shared` (LINE's
// static API) is compiled here and run by the LineSDK tests' serialized docs suite; the rest runs
// against the emulator over HTTP.

/// LINE's static API as LINE's guides call it: compiled against the public API, never run here (it would
/// set up `LoginManager.shared`, which one serialized suite owns).
enum LineStaticAPIUsage {
    static func setUp() {
        LoginManager.shared.setup(channelID: "1234567890", universalLinkURL: URL(string: "https://example.com/line-auth"))
        _ = LoginManager.shared.isSetupFinished
        _ = LoginManager.shared.currentProcess
    }

    static func sceneDelegateOpenURL(_ url: URL?) -> Bool {
        // LINE's scene-delegate line, with `UIApplication.shared` as `nil` off iOS.
        LoginManager.shared.application(nil, open: url)
            || LoginManager.shared.nonisolatedApplication(nil, open: url, options: [:])
    }

    static func apiCalls() {
        API.getProfile { result in
            if case .success(let profile) = result { _ = profile.displayName }
        }
        API.getBotFriendshipStatus { result in
            if case .success(let status) = result { _ = status.friendFlag }
        }
        API.Auth.refreshAccessToken { result in _ = try? result.get().value }
        API.Auth.revokeAccessToken { _ in }
        API.Auth.revokeRefreshToken { _ in }
        API.Auth.verifyAccessToken { result in _ = try? result.get().channelID }
        API.Auth.verifyAccessToken("some-token", callbackQueue: .asyncMain) { _ in }
        Session.shared.send(GetUserProfileRequest()) { result in _ = try? result.get().userID }
    }

    @available(*, deprecated)
    static func deprecatedCalls() {
        API.refreshAccessToken { _ in }
        API.revokeAccessToken { _ in }
        API.revokeRefreshToken { _ in }
        API.verifyAccessToken { _ in }
        LoginManager.shared.preferredWebPageLanguage = .japanese
        LoginManager.shared.login(permissions: [.profile], options: [.onlyWebLogin, .botPromptNormal]) { _ in }
        _ = LoginManager.Parameters(options: [.botPromptAggressive], language: .english)
        let options: LoginManagerOptions = [.onlyWebLogin, .botPromptNormal, .botPromptAggressive]
        _ = LoginManagerOptions(rawValue: options.rawValue)
    }

    static func asyncCalls() async throws {
        let profile = try await API.getProfile()
        _ = profile.userID
        let status = try await API.getBotFriendshipStatus()
        _ = status.friendFlag
        _ = try await API.Auth.refreshAccessToken()
        try await API.Auth.revokeAccessToken()
        try await API.Auth.revokeRefreshToken()
        _ = try await API.Auth.verifyAccessToken()
        try await LoginManager.shared.logout()
        _ = try await Session.shared.send(GetBotFriendshipStatusRequest())
        _ = AccessTokenStore.shared.current
    }
}

/// An endpoint the SDK doesn't wrap, declared as LINE's `Request` protocol declares one.
struct GetUserInfoRequest: Request {
    struct Response: Decodable, Sendable {
        let sub: String
    }

    let method: HTTPMethod = .get
    let path = "/oauth2/v2.1/userinfo"
    let authentication: AuthenticateMethod = .token
}

/// A `POST` with form parameters and no authentication.
struct PostVerifyIDTokenRequest: Request {
    struct Response: Decodable, Sendable {
        let sub: String
    }

    let idToken: String
    let channelID: String
    let method: HTTPMethod = .post
    let path = "/oauth2/v2.1/verify"
    let authentication: AuthenticateMethod = .none
    var contentType: ContentType { .formUrlEncoded }
    var parameters: Parameters? { ["id_token": idToken, "client_id": channelID] }
}

/// Describes every reason the way an exhaustive LINE-written `switch` does (no `default:`).
func describeExhaustively(_ error: LineSDKError) -> String {
    switch error {
    case .requestFailed(let reason):
        switch reason {
        case .missingURL: return "missingURL"
        case .lackOfAccessToken: return "lackOfAccessToken"
        case .jsonEncodingFailed(let underlying): return "jsonEncodingFailed \(underlying)"
        case .invalidParameter(let items): return "invalidParameter \(items.map { "\($0.name)=\($0.value): \($0.description)" })"
        }
    case .responseFailed(let reason):
        switch reason {
        case .URLSessionError(let underlying): return "URLSessionError \(underlying)"
        case .nonHTTPURLResponse: return "nonHTTPURLResponse"
        case .dataParsingFailed(let type, let data, let underlying):
            return "dataParsingFailed \(type) \(data.count) \(String(describing: underlying))"
        case .invalidHTTPStatusAPIError(let detail):
            return
                "invalidHTTPStatusAPIError \(detail.code) \(detail.error?.error ?? "") \(detail.error?.detail ?? "") \(detail.raw.statusCode) \(detail.rawString ?? "")"
        }
    case .authorizeFailed(let reason):
        switch reason {
        case .exhaustedLoginFlow: return "exhaustedLoginFlow"
        case .malformedHierarchy: return "malformedHierarchy"
        case .userCancelled: return "userCancelled"
        case .forceStopped: return "forceStopped"
        case .callbackURLSchemeNotMatching: return "callbackURLSchemeNotMatching"
        case .invalidSourceApplication: return "invalidSourceApplication"
        case .malformedRedirectURL(let url, let message): return "malformedRedirectURL \(url) \(message ?? "")"
        case .invalidLineURLResultCode(let code): return "invalidLineURLResultCode \(code)"
        case .lineClientError(let code, let message): return "lineClientError \(code) \(message ?? "")"
        case .responseStateValueNotMatching(let expected, let got): return "responseStateValueNotMatching \(expected) \(got ?? "nil")"
        case .webLoginError(let error, let description): return "webLoginError \(error) \(description ?? "")"
        case .keychainOperation(let status): return "keychainOperation \(status)"
        case .invalidDataInKeychain: return "invalidDataInKeychain"
        case .lackOfIDToken(let raw): return "lackOfIDToken \(raw ?? "nil")"
        case .JWTPublicKeyNotFound(let keyID): return "JWTPublicKeyNotFound \(keyID ?? "nil")"
        case .cryptoError(let error):
            switch error {
            case .algorithmsFailed(let reason): return "algorithmsFailed \(reason)"
            case .JWTFailed(let reason):
                switch reason {
                case .malformedJWTFormat(let string): return "malformedJWTFormat \(string)"
                case .unsupportedHeaderAlgorithm(let name): return "unsupportedHeaderAlgorithm \(name)"
                case .claimVerifyingFailed(let key, let got, let description): return "claimVerifyingFailed \(key) \(got) \(description)"
                }
            case .JWKFailed(let reason): return "JWKFailed \(reason)"
            case .generalError(let reason): return "crypto generalError \(reason)"
            }
        }
    case .generalError(let reason):
        switch reason {
        case .conversionError(let string, let encoding): return "conversionError \(string) \(encoding)"
        case .parameterError(let name, let description): return "parameterError \(name) \(description)"
        case .notOriginalTask(let token): return "notOriginalTask \(token)"
        case .processDiscarded(let process): return "processDiscarded \(process.loginRoute?.rawValue ?? "nil")"
        }
    case .untypedError(let error): return "untypedError \(error)"
    }
}

@Suite struct LineSDKParityTests {
    /// A login with LINE's completion form, as the guide writes it, waited for.
    func login(_ manager: LoginManager, permissions: Set<LoginPermission>, parameters: LoginManager.Parameters = .init()) async
        -> Result<LoginResult, LineSDKError>
    {
        await withCheckedContinuation { continuation in
            let process = manager.login(permissions: permissions, parameters: parameters) { result in
                continuation.resume(returning: result)
            }
            #expect(process != nil)
        }
    }

    @Test func loginManagerParametersAndResultAsLINEWritesThem() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        // Cony is not a friend yet, so the add-friend option is shown and its outcome reported.
        let manager = try harness.manager(userAgent: harness.browser(harness.cony))
        #expect(manager.isSetupFinished && !manager.isAuthorized && !manager.isAuthorizing && manager.currentProcess == nil)

        var parameters = LoginManager.Parameters()
        parameters.onlyWebLogin = true
        parameters.botPromptStyle = .normal
        parameters.preferredWebPageLanguage = .japanese
        parameters.promptBotID = nil
        parameters.IDTokenNonce = "parity-nonce-0123456789"
        parameters.allowRecreatingLoginProcess = false
        parameters.initialWebAuthenticationMethod = .email
        let botPrompt: LoginManager.BotPrompt = .aggressive
        #expect(botPrompt.rawValue == "aggressive" && LoginManager.BotPrompt.normal.rawValue == "normal")
        #expect(
            LoginManager.WebAuthenticationMethod.qrCode.rawValue == "qrCode"
                && LoginManager.WebAuthenticationMethod.email.rawValue == "email")

        let result = try await login(manager, permissions: [.profile, .openID, .email], parameters: parameters).get()
        let token: AccessToken = result.accessToken
        _ = (token.value, token.createdAt, token.expiresAt, token.IDTokenRaw, token.permissions)
        #expect(result.permissions.contains(.profile) && result.permissions.contains(.openID))
        if let profile = result.userProfile {
            _ = (
                profile.userID, profile.displayName, profile.pictureURL, profile.pictureURLLarge, profile.pictureURLSmall,
                profile.statusMessage
            )
        } else {
            Issue.record("no profile")
        }
        #expect(result.friendshipStatusChanged != nil)
        #expect(result.IDTokenNonce == "parity-nonce-0123456789")

        // The ID token, with `if let` on LINE's optional claims.
        let idToken = try #require(token.IDToken)
        if let issuer = idToken.payload.issuer, let subject = idToken.payload.subject, let audience = idToken.payload.audience,
            let expiration = idToken.payload.expiration, let issueAt = idToken.payload.issueAt
        {
            #expect(issuer == harness.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
            #expect(subject == result.userProfile?.userID && audience == harness.channel.channelID && expiration > issueAt)
        } else {
            Issue.record("a claim is missing")
        }
        _ = (idToken.payload.amr, idToken.payload.name, idToken.payload.pictureURL, idToken.payload.email)
        #expect(idToken.payload["amr", [String].self] == idToken.payload.amr)
        #expect(idToken.payload["exp", TimeInterval.self] == idToken.payload.expiration?.timeIntervalSince1970)
        #expect(idToken.payload["aud", String.self] == harness.channel.channelID)
        #expect(idToken == token.IDToken)

        // LoginResult and AccessToken are Codable as in LINE's SDK.
        let encoded = try JSONEncoder().encode(result)
        #expect(String(decoding: encoded, as: UTF8.self).contains("accessToken"))
        let roundTripped = try JSONDecoder().decode(AccessToken.self, from: try JSONEncoder().encode(token))
        #expect(roundTripped.value == token.value && roundTripped.IDTokenRaw == token.IDTokenRaw)
        #expect(manager.isAuthorized)
        #expect(manager.accessTokenStore.current == token)

        // The API client, the verify result and its Codable conformance.
        let verify: AccessTokenVerifyResult = try await manager.api.verifyAccessToken()
        #expect(verify.channelID == harness.channel.channelID && verify.expiresIn > 0 && verify.permissions.contains(.profile))
        _ = try JSONDecoder().decode(AccessTokenVerifyResult.self, from: try JSONEncoder().encode(verify))
        let friendship: GetBotFriendshipStatusRequest.Response = try await manager.api.getBotFriendshipStatus()
        _ = friendship.friendFlag

        // LINE's Request/Session: the SDK's own requests and one it doesn't wrap.
        let profile = try await manager.session.send(GetUserProfileRequest())
        #expect(profile.userID == result.userProfile?.userID)
        let verified = try await manager.session.send(GetVerifyTokenRequest(accessToken: token.value))
        #expect(verified.channelID == harness.channel.channelID)
        let userinfo = try await manager.session.send(GetUserInfoRequest())
        #expect(userinfo.sub == profile.userID)
        let checked = try await manager.session.send(
            PostVerifyIDTokenRequest(idToken: try #require(token.IDTokenRaw), channelID: harness.channel.channelID))
        #expect(checked.sub == profile.userID)
        let request = GetVerifyTokenRequest(accessToken: "x")
        #expect(
            request.method == .get && request.path == "/oauth2/v2.1/verify" && request.authentication == .none && request.accessToken == "x"
        )
        #expect(GetUserProfileRequest().path == "/v2/profile" && GetBotFriendshipStatusRequest().authentication == .token)
        #expect(HTTPMethod.post.rawValue == "POST" && HTTPMethod.put.rawValue == "PUT" && HTTPMethod.delete.rawValue == "DELETE")
        let contentTypes: [ContentType] = [.none, .formUrlEncoded, .json]
        #expect(contentTypes.count == 3)

        // Completion forms of the session and the logout, LINE's way.
        let task = await withCheckedContinuation { continuation in
            manager.session.send(GetBotFriendshipStatusRequest(), callbackQueue: .untouch) { result in
                continuation.resume(returning: (try? result.get()) != nil)
            }
        }
        #expect(task)
        let loggedOut = await withCheckedContinuation { continuation in
            manager.logout { result in
                switch result {
                case .success: continuation.resume(returning: true)
                case .failure: continuation.resume(returning: false)
                }
            }
        }
        #expect(loggedOut && !manager.isAuthorized)
    }

    @Test func errorsAsLINEWritesThem() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let manager = try harness.manager(userAgent: harness.browser(decision: .cancel))
        let failure = await login(manager, permissions: [.profile])
        guard case .failure(let error) = failure else {
            Issue.record("a cancelled login succeeded")
            return
        }
        #expect(describeExhaustively(error) == "userCancelled")
        #expect(error.isUserCancelled && error.isAuthorizeError && !error.isRequestError && !error.isResponseError && !error.isGeneralError)
        #expect(!error.isBadRequest && !error.isRefreshTokenError && !error.isPermissionError && !error.isTokenError)
        #expect(
            !error.isResponseError(statusCode: 400) && !error.isURLSessionTimeOut && !error.isURLSessionErrorCode(sessionErrorCode: -1001))
        #expect(error.errorCode == 3003)
        #expect(error.errorDescription?.isEmpty == false)

        // `error as NSError`, LINE's domain and user-info keys.
        let nsError = error as NSError
        #expect(nsError.domain == LineSDKError.errorDomain && nsError.domain == "LineSDKError" && nsError.code == 3003)
        let userInfo = LineSDKError.generalError(reason: .parameterError(parameterName: "p", description: "d")).errorUserInfo
        #expect(userInfo[LineSDKErrorUserInfoKey.parameterName.rawValue] as? String == "p")
        #expect(userInfo[LineSDKErrorUserInfoKey.reason.rawValue] as? String == "d")
        let keys: [LineSDKErrorUserInfoKey] = [
            .underlyingError, .statusCode, .resultCode, .type, .data, .APIError, .raw, .url, .message,
            .status, .text, .encoding, .parameterName, .reason, .index, .key, .got, .process,
        ]
        #expect(Set(keys.map(\.rawValue)).count == 18)

        // A 401 from the API: LINE's detail members.
        let loggedIn = try harness.manager()
        _ = try await login(loggedIn, permissions: [.profile]).get()
        harness.emulator.expireAccessTokens()
        do {
            _ = try await loggedIn.api.verifyAccessToken()
            Issue.record("an expired token verified")
        } catch {
            guard case .responseFailed(reason: .invalidHTTPStatusAPIError(let detail)) = error else {
                Issue.record("\(error)")
                return
            }
            let typed: LineSDKError.ResponseErrorReason.APIErrorDetail = detail
            let apiError: APIError? = typed.error
            #expect(typed.code == 400 && typed.raw.statusCode == 400 && apiError?.error != nil && typed.rawString != nil)
            #expect(error.isBadRequest && error.isResponseError && error.errorCode == 2004)
        }
        let item = LineSDKError.RequestErrorReason.ParameterItem(name: "n", value: "v", description: "d")
        #expect(describeExhaustively(.requestFailed(reason: .invalidParameter([item]))).contains("n=v"))
    }

    @Test func processRouteAndUtilitiesAsLINEWritesThem() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let gate = AsyncGate()
        let manager = try harness.manager(userAgent: GatedAgent(base: harness.browser(), gate: gate))
        let first = manager.login(permissions: [.profile]) { _ in }
        let process = try #require(first)
        #expect(manager.currentProcess === process)
        // LINE: a second login while one runs is ignored unless the parameters allow replacing it.
        #expect(manager.login(permissions: [.profile]) { _ in Issue.record("an ignored login called back") } == nil)
        await gate.waitUntilPresented()
        #expect(process.loginRoute == .webLogin)
        let routes: [LoginProcess.LoginRoute] = [.appUniversalLink, .appAuthScheme, .webLogin]
        #expect(routes.map(\.rawValue) == ["appUniversalLink", "appAuthScheme", "webLogin"])
        process.stop()
        await gate.open()

        let queues: [CallbackQueue] = [.asyncMain, .currentMainOrAsync, .untouch, .dispatch(.global()), .operation(OperationQueue())]
        #expect(queues.count == 5)
        #expect(!Constant.SDKVersion.isEmpty)
        let result: Result<Int, LineSDKError> = .success(1)
        #expect(ResultUtil.match(result: result, onSuccess: { $0 + 1 }, onFailure: { _ in 0 }) == 2)
        #expect(ResultUtil.matchSuccess(result: result) { $0 ?? 0 } == 1)
        #expect(ResultUtil.matchFailure(result: result) { $0 == nil })
        #expect(ResultUtil.match(result: result) { value, error in value != nil && error == nil })
        let entity: EntityID = "U1234"
        #expect(!entity.isEmpty)

        let permissions: [LoginPermission] = [
            .openID, .profile, .oneTimeShare, .friends, .groups, .messageWrite, .openChatTermStatus, .openChatRoomCreateAndJoin,
            .openChatInfo, .email, .phone, .gender, .birthdate, .address, .realName, .openChatPlugManagement, .openChatPlugInfo,
            .openChatPlugProfile, .openChatPlugSendMessage, .openChatPlugReceiveMessageEvent,
        ]
        #expect(Set(permissions).count == 20)
        #expect(LoginPermission(rawValue: "real_name") == .realName && LoginPermission.email.description == "email")
        let languages: [LoginManager.WebPageLanguage] = [
            .arabic, .german, .english, .spanish, .french, .indonesian, .italian, .japanese, .korean, .malay, .portugueseBrazilian,
            .portugueseEuropean, .russian, .thai, .turkish, .vietnamese, .chineseSimplified, .chineseTraditional,
        ]
        #expect(Set(languages.map(\.rawValue)).count == 18 && LoginManager.WebPageLanguage(rawValue: "ja") == .japanese)
        #expect(LineSDKNotificationKey.newAccessToken == "newAccessToken" && LineSDKNotificationKey.oldAccessToken == "oldAccessToken")
        #expect(Notification.Name.LineSDKAccessTokenDidUpdate.rawValue == "com.linecorp.linesdk.AccessTokenDidUpdate")
        #expect(Notification.Name.LineSDKAccessTokenDidRemove.rawValue == "com.linecorp.linesdk.AccessTokenDidRemove")
    }
}

/// Holds a login at the page until the test opens the gate.
actor AsyncGate {
    private var presented: [CheckedContinuation<Void, Never>] = []
    private var isPresented = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func markPresented() {
        isPresented = true
        presented.forEach { $0.resume() }
        presented = []
    }

    func waitUntilPresented() async {
        if isPresented { return }
        await withCheckedContinuation { presented.append($0) }
    }

    func waitUntilOpen() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        waiting.forEach { $0.resume() }
        waiting = []
    }
}

/// A user agent that stops at the page until its gate opens (so a login can be observed while it runs).
struct GatedAgent: UserAgent {
    let base: any UserAgent
    let gate: AsyncGate

    func beginSession(redirectURI: URL?) async throws -> any UserAgentSession {
        Session(base: try await base.beginSession(redirectURI: redirectURI), gate: gate)
    }

    struct Session: UserAgentSession {
        let base: any UserAgentSession
        let gate: AsyncGate
        var redirectURI: URL { base.redirectURI }
        func present(_ authorizationURL: URL) async throws -> URL {
            await gate.markPresented()
            await gate.waitUntilOpen()
            try Task.checkCancellation()
            return try await base.present(authorizationURL)
        }
        func cancel() { base.cancel() }
    }
}
#endif
