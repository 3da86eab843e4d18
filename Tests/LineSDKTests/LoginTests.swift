#if Emulator
@testable import ClientTestSupport
import Foundation
import OAuthEngine
import LineLoginTesting
import Testing
@testable import LineSDK
import LineLoginPrimitives

@Suite(.emulatedLine) struct LoginPermissionTests {
    static let permissionSets: [[LoginPermission]] = [[.profile], [.openID], [.profile, .openID], [.profile, .openID, .email]]

    @Test(arguments: permissionSets)
    func loginWithPermissions(_ list: [LoginPermission]) async throws {
        let env = try await LineTestEnvironment()
        let permissions = Set(list)
        let result = try await env.login(permissions)

        // The authorization request.
        let query = env.agent.lastQuery
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == LineTestEnvironment.channelID)
        #expect(query["scope"] == list.map(\.rawValue).joined(separator: " "), "scopes in LINE's documented order")
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["redirect_uri"] == FakeUserAgent.defaultRedirect.absoluteString)
        let state = try #require(query["state"])
        #expect(
            state.count >= 43 && state.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "state is unreserved base64url")

        // The code exchange: PKCE verified, public client, ES256 ID token asked for.
        let exchange = try #require(env.platform.codeExchanges.first)
        #expect(exchange.field("code_verifier").map { PKCE(verifier: $0).challenge } == query["code_challenge"])
        #expect(exchange.field("client_id") == LineTestEnvironment.channelID)
        #expect(exchange.field("client_secret") == nil)
        #expect(exchange.field("id_token_key_type") == "JWK")
        #expect(exchange.field("redirect_uri") == query["redirect_uri"])

        // The result.
        #expect(result.permissions == permissions)
        #expect(result.accessToken.permissions.count == permissions.count)
        #expect(await env.platform.isValidAccessToken(result.accessToken.value))
        #expect(abs(result.accessToken.expiresIn - 2_592_000) < 1)
        #expect(result.friendshipStatusChanged == nil)
        if permissions.contains(.openID) {
            let nonce = try #require(query["nonce"], "a nonce is generated when .openID is asked for")
            #expect(nonce.count >= 43)
            #expect(result.IDTokenNonce == nonce)
            let idToken = try #require(result.accessToken.IDToken)
            #expect(result.accessToken.IDTokenRaw != nil)
            #expect(idToken.payload.nonce == nonce)
            #expect(idToken.payload.subject == EmulatedLine.defaultUser.userID)
            #expect(idToken.payload.audience == LineTestEnvironment.channelID)
            #expect(idToken.payload.issuer == env.platform.issuer)
            #expect(idToken.header.algorithm == "ES256")
            #expect(env.platform.count(EmulatedLine.Paths.certs) == 1)
        } else {
            #expect(query["nonce"] == nil)
            #expect(result.IDTokenNonce == nil)
            #expect(result.accessToken.IDToken == nil)
            #expect(result.accessToken.IDTokenRaw == nil)
        }
        if permissions.contains(.profile) {
            let profile = try #require(result.userProfile)
            #expect(profile.userID == EmulatedLine.defaultUser.userID)
            #expect(profile.displayName == EmulatedLine.defaultUser.displayName)
            #expect(profile.statusMessage == EmulatedLine.defaultUser.statusMessage)
            #expect(profile.pictureURL == URL(string: EmulatedLine.defaultUser.pictureURL!))
            #expect(profile.pictureURLLarge?.absoluteString == EmulatedLine.defaultUser.pictureURL! + "/large")
            #expect(profile.pictureURLSmall?.absoluteString == EmulatedLine.defaultUser.pictureURL! + "/small")
        } else {
            #expect(result.userProfile == nil)
            #expect(env.platform.count(EmulatedLine.Paths.profile) == 0)
        }
        if permissions.contains(.email) {
            #expect(result.accessToken.IDToken?.payload.email == EmulatedLine.defaultUser.email)
        }

        // Stored.
        #expect(env.manager.isAuthorized)
        #expect(env.manager.accessTokenStore.current == result.accessToken)
        #expect(await env.storedTokens()?.accessToken == result.accessToken.value)
        #expect(!env.manager.isAuthorizing)
    }

    @Test func appNonceIsSentAndReturned() async throws {
        let env = try await LineTestEnvironment()
        var parameters = LoginManager.Parameters()
        parameters.IDTokenNonce = "server-issued-nonce-0123456789"
        let result = try await env.login([.openID], parameters: parameters)
        #expect(env.agent.lastQuery["nonce"] == "server-issued-nonce-0123456789")
        #expect(result.IDTokenNonce == "server-issued-nonce-0123456789")
        #expect(result.accessToken.IDToken?.payload.nonce == "server-issued-nonce-0123456789")
    }

    @Test func nonceIsNotSentWithoutOpenID() async throws {
        let env = try await LineTestEnvironment()
        var parameters = LoginManager.Parameters()
        parameters.IDTokenNonce = "ignored-without-openid"
        let result = try await env.login([.profile], parameters: parameters)
        #expect(env.agent.lastQuery["nonce"] == nil)
        #expect(result.IDTokenNonce == nil)
    }

    @Test func generatedNoncesDifferBetweenLogins() async throws {
        let env = try await LineTestEnvironment()
        let first = try await env.login([.openID])
        let second = try await env.login([.openID])
        #expect(first.IDTokenNonce != nil)
        #expect(first.IDTokenNonce != second.IDTokenNonce)
        let states = env.agent.authorizationURLs.map { FakeUserAgent.query($0)["state"] }
        #expect(states.count == 2 && states[0] != states[1])
    }

    /// LINE's token response's `scope` never lists `email`, even when granted; the ID token's email proves it.
    @Test func emailPermissionComesFromTheIDToken() async throws {
        let env = try await LineTestEnvironment()
        let result = try await env.login([.profile, .openID, .email])
        #expect(env.agent.lastQuery["scope"] == "profile openid email")
        #expect(await env.storedTokens()?.scopes == ["profile", "openid"], "LINE's scope never lists email")
        #expect(result.permissions.contains(.email))
        #expect(result.accessToken.permissions.contains(.email))
        #expect(result.accessToken.IDToken?.payload.email == EmulatedLine.defaultUser.email)
    }

    @Test func emailPermissionAbsentWhenTheIDTokenHasNoEmail() async throws {
        var user = EmulatedLine.defaultUser
        user.email = nil
        let env = try await LineTestEnvironment(users: [user])
        let result = try await env.login([.profile, .openID, .email])
        #expect(!result.permissions.contains(.email))
        #expect(result.accessToken.IDToken?.payload.email == nil)
        #expect(result.permissions == [.profile, .openID])
    }

    @Test func emailListedInScopeIsNotDuplicated() async throws {
        let env = try await LineTestEnvironment()
        env.platform.setFaults { $0.scopeListsEmail = true }
        let result = try await env.login([.profile, .openID, .email])
        #expect(result.accessToken.permissions.filter { $0 == .email }.count == 1)
    }

    static let invalidSets: [[LoginPermission]] = [[.email], [], [.oneTimeShare], [.email, .oneTimeShare], [.profile, .email]]

    @Test(arguments: invalidSets)
    func invalidPermissionsAreRefusedBeforeAnyRequest(_ list: [LoginPermission]) async throws {
        let env = try await LineTestEnvironment()
        let error = await capture { () async throws(LineSDKError) in try await env.login(Set(list)) }
        #expect(error?.isInvalidPermissions == true, "\(String(describing: error))")
        #expect(env.agent.authorizationURLs.isEmpty)
        #expect(env.platform.requests.isEmpty)
        #expect(!env.manager.isAuthorizing)
    }

    @Test func otherPermissionsArePassedThrough() async throws {
        let env = try await LineTestEnvironment()
        let result = try await env.login([.profile, .openID, .oneTimeShare])
        #expect(env.agent.lastQuery["scope"] == "profile openid onetime.share")
        #expect(result.permissions.contains(.oneTimeShare))
    }
}

@Suite(.emulatedLine) struct LoginParameterTests {
    @Test func parametersBecomeQueryItems() async throws {
        let env = try await LineTestEnvironment()
        var parameters = LoginManager.Parameters()
        parameters.botPromptStyle = .aggressive
        parameters.preferredWebPageLanguage = .japanese
        parameters.initialWebAuthenticationMethod = .qrCode
        parameters.prompt = .consent
        parameters.maxAge = 3600
        parameters.disableAutoLogin = true
        parameters.hideLoginMethodSwitch = true
        parameters.onlyWebLogin = true
        let result = try await env.login([.profile, .openID], parameters: parameters)
        let query = env.agent.lastQuery
        #expect(query["bot_prompt"] == "aggressive")
        #expect(query["ui_locales"] == "ja")
        #expect(query["initial_amr_display"] == "lineqr")
        #expect(query["prompt"] == "consent")
        #expect(query["max_age"] == "3600")
        #expect(query["disable_auto_login"] == "true")
        #expect(query["switch_amr"] == "false")
        // max_age makes auth_time required; LINE (the emulator) sends one.
        #expect(result.accessToken.IDToken?.payload.authTime != nil)
    }

    @Test func defaultParametersAddNothing() async throws {
        let env = try await LineTestEnvironment()
        _ = try await env.login([.profile])
        let query = env.agent.lastQuery
        for name in ["bot_prompt", "ui_locales", "initial_amr_display", "prompt", "max_age", "disable_auto_login", "switch_amr"] {
            #expect(query[name] == nil, "\(name) sent by default")
        }
        #expect(
            Set(query.keys) == ["response_type", "client_id", "redirect_uri", "state", "scope", "code_challenge", "code_challenge_method"])
    }

    @Test(arguments: [(LoginManager.Parameters.BotPrompt.normal, "normal"), (.aggressive, "aggressive")])
    func botPromptValues(_ style: LoginManager.Parameters.BotPrompt, _ expected: String) async throws {
        let env = try await LineTestEnvironment()
        var parameters = LoginManager.Parameters()
        parameters.botPromptStyle = style
        _ = try await env.login([.profile], parameters: parameters)
        #expect(env.agent.lastQuery["bot_prompt"] == expected)
    }

    @Test(arguments: [(LoginManager.Parameters.Prompt.consent, "consent"), (.none, "none"), (.login, "login")])
    func promptValues(_ prompt: LoginManager.Parameters.Prompt, _ expected: String) async throws {
        let env = try await LineTestEnvironment()
        var parameters = LoginManager.Parameters()
        parameters.prompt = prompt
        let error = await capture { () async throws(LineSDKError) in try await env.login([.profile], parameters: parameters) }
        #expect(env.agent.lastQuery["prompt"] == expected)
        // LINE answers `prompt=none` without a session in the browser with `login_required`.
        #expect((error == nil) == (expected != "none"), "\(String(describing: error))")
    }

    @Test func configuredRedirectURIIsUsed() async throws {
        let redirect = URL(string: "https://app.line.test/registered-callback")!
        let env = try await LineTestEnvironment { $0.redirectURI = redirect }
        _ = try await env.login([.profile])
        #expect(env.agent.requestedRedirectURIs == [redirect])
        #expect(env.agent.lastQuery["redirect_uri"] == redirect.absoluteString)
        #expect(env.platform.codeExchanges.first?.field("redirect_uri") == redirect.absoluteString)
    }

    @Test(arguments: [true, false])
    func friendshipStatusChangedIsReported(_ changed: Bool) async throws {
        let env = try await LineTestEnvironment()
        env.agent.friendshipStatusChanged = changed
        var parameters = LoginManager.Parameters()
        parameters.botPromptStyle = .normal
        let result = try await env.login([.profile], parameters: parameters)
        #expect(result.friendshipStatusChanged == changed)
    }

    @Test func unknownRedirectParametersAreIgnored() async throws {
        let env = try await LineTestEnvironment()
        env.agent.extraRedirectParameters = [("something_new", "1")]
        let result = try await env.login([.profile])
        #expect(result.friendshipStatusChanged == nil)
    }
}

@Suite(.emulatedLine) struct LoginFailureTests {
    /// LINE's failed auto login comes back with a valid-looking code and another state (it looks like CSRF).
    @Test func stateMismatchNeverExchangesTheCode() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .wrongState
        let recorder = TokenNotificationRecorder(platform: env.platform)
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile, .openID]) })
        #expect(error.isResponseStateMismatch)
        #expect(!error.isUserCancelled)
        #expect(env.platform.count(EmulatedLine.Paths.token) == 0, "the code of a mismatched state is never sent")
        #expect(!env.manager.isAuthorized)
        #expect(await env.storedTokens() == nil)
        #expect(recorder.recorded.isEmpty)
        #expect(!env.manager.isAuthorizing)

        // One retry with auto login off, never a loop.
        let original = LoginManager.Parameters()
        let retry = try #require(error.retryParameters(after: original))
        #expect(retry.disableAutoLogin)
        var alreadyOff = original
        alreadyOff.disableAutoLogin = true
        #expect(error.retryParameters(after: alreadyOff) == nil)

        env.agent.outcome = .approve
        _ = try await env.login([.profile, .openID], parameters: retry)
        #expect(env.agent.lastQuery["disable_auto_login"] == "true")
        #expect(env.manager.isAuthorized)
    }

    @Test func retryParametersKeepTheOtherOptions() throws {
        var parameters = LoginManager.Parameters()
        parameters.botPromptStyle = .normal
        parameters.IDTokenNonce = "n"
        let retry = try #require(
            LineSDKError.authorizeFailed(reason: .responseStateValueNotMatching(expected: "<redacted>", got: nil)).retryParameters(
                after: parameters))
        #expect(retry.botPromptStyle == .normal)
        #expect(retry.IDTokenNonce == "n")
        #expect(retry.disableAutoLogin)
        #expect(LineSDKError.authorizeFailed(reason: .userCancelled).retryParameters(after: parameters) == nil)
        #expect(LineSDKError.requestFailed(reason: .lackOfAccessToken).retryParameters(after: parameters) == nil)
    }

    @Test(arguments: ["ACCESS_DENIED", "access_denied", "Access_Denied"])
    func accessDeniedIsUserCancelled(_ code: String) async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .error(code, description: "The resource owner denied the request.")
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        #expect(error.isUserCancelled)
        #expect(env.platform.count(EmulatedLine.Paths.token) == 0)
        #expect(!env.manager.isAuthorized)
    }

    /// The state is checked before the redirect's `error` is believed.
    @Test func errorRedirectWithAnotherStateIsAStateMismatch() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .custom { _, _ in [("error", "ACCESS_DENIED"), ("state", "not-the-state")] }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        #expect(error.isResponseStateMismatch)
        #expect(!error.isUserCancelled)
    }

    @Test func redirectWithoutStateIsAStateMismatch() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .custom { _, code in [("code", code)] }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        #expect(error.isResponseStateMismatch)
        #expect(env.platform.count(EmulatedLine.Paths.token) == 0)
    }

    @Test func redirectWithoutCodeIsMalformed() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .custom { query, _ in [("state", query["state"] ?? "")] }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        guard case .authorizeFailed(reason: .malformedRedirectURL) = error else {
            Issue.record("unexpected \(error)")
            return
        }
    }

    @Test func redirectWithTwoCodesIsRefused() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .custom { query, code in [("code", code), ("code", "other"), ("state", query["state"] ?? "")] }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        guard case .authorizeFailed(reason: .malformedRedirectURL) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(env.platform.count(EmulatedLine.Paths.token) == 0)
    }

    @Test func redirectWithAnotherIssuerIsRefused() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .custom { query, code in [("code", code), ("state", query["state"] ?? ""), ("iss", "https://evil.test")] }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        guard case .authorizeFailed(reason: .malformedRedirectURL) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(env.platform.count(EmulatedLine.Paths.token) == 0)
    }

    @Test func otherRedirectErrorsAreWebLoginErrors() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .error("INVALID_SCOPE", description: "bad scope")
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        guard case .authorizeFailed(reason: .webLoginError(let code, let description)) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(code == "INVALID_SCOPE")
        #expect(description == "bad scope")
        #expect(!error.isUserCancelled)
    }

    @Test func aSubjectMismatchIsRefusedAndNothingIsStored() async throws {
        let env = try await LineTestEnvironment()
        env.platform.setFaults { $0.profileUserID = "U00000000000000000000000000000bad" }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile, .openID]) })
        #expect(error.isUserIDMismatch)
        #expect(!env.manager.isAuthorized)
        #expect(env.manager.accessTokenStore.current == nil)
        #expect(await env.storedTokens() == nil)
        #expect(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() }?.isLackOfAccessToken == true)
    }

    @Test func profileUserIDDifferentFromSubjectIsRefused() async throws {
        let env = try await LineTestEnvironment()
        env.platform.setFaults { $0.profileUserID = "U11111111111111111111111111111111" }
        let error = await capture { () async throws(LineSDKError) in try await env.login([.profile, .openID, .email]) }
        #expect(error?.isUserIDMismatch == true)
        #expect(await env.storedTokens() == nil)
    }

    /// A login that ends in an error must not have published its token: observers of
    /// `.LineSDKAccessTokenDidUpdate` (and `AccessTokenStore.current` during the profile check) would
    /// otherwise see a token of a login the app was told failed.
    @Test func refusedLoginPostsNoTokenNotification() async throws {
        let env = try await LineTestEnvironment()
        env.platform.setFaults { $0.profileUserID = "U00000000000000000000000000000bad" }
        let recorder = TokenNotificationRecorder(platform: env.platform)
        _ = await capture { () async throws(LineSDKError) in try await env.login([.profile, .openID]) }
        #expect(recorder.names.isEmpty)
    }

    @Test func wrongNonceIsRefused() async throws {
        let env = try await LineTestEnvironment()
        env.agent.tamperedNonce = "someone-elses-nonce"
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.openID]) })
        guard error.refusedClaim == "nonce" else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(!env.manager.isAuthorized)
        #expect(await env.storedTokens() == nil)
    }

    @Test func tokenEndpointErrorFailsTheLogin() async throws {
        let env = try await LineTestEnvironment()
        env.platform.setFaults { $0.tokenStatus = 503 }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        #expect(error.statusCode == 503)
        #expect(error.requestID == env.platform.lastRequestID)
        #expect(!env.manager.isAuthorized)
        #expect(env.platform.codeExchanges.count == 1, "a code is sent once, never retried")
    }

    /// The profile read that completes a login fails (503): the login reports an error, so no session
    /// should remain.
    @Test func loginWhoseProfileReadFailsLeavesNoSession() async throws {
        let env = try await LineTestEnvironment()
        env.platform.setFaults { $0.profileStatus = 503 }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        #expect(error.statusCode == 503)
        #expect(!env.manager.isAuthorized)
        #expect(env.manager.accessTokenStore.current == nil)
        let stored = await env.storedTokens()
        #expect(stored == nil)
    }

    @Test func userAgentCancelIsForceStopped() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .hang
        let task = Task { await capture { () async throws(LineSDKError) in try await env.login([.profile]) } }
        _ = await env.agent.nextPresentation()
        #expect(env.manager.isAuthorizing)
        task.cancel()
        let error = await task.value
        #expect(error?.isForceStopped == true)
        #expect(!env.manager.isAuthorizing)
        #expect(env.platform.count(EmulatedLine.Paths.token) == 0)
    }
}

@Suite(.emulatedLine) struct LoginProcessTests {
    @Test func stopEndsTheLoginWithForceStopped() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .hang
        let (results, continuation) = AsyncStream<Result<LoginResult, LineSDKError>>.makeStream()
        let process = try #require(env.manager.login(permissions: [.profile, .openID]) { continuation.yield($0) })
        _ = await env.agent.nextPresentation()
        #expect(env.manager.isAuthorizing)
        process.stop()
        var iterator = results.makeAsyncIterator()
        let result = await iterator.next()
        guard case .failure(let error)? = result else {
            Issue.record("expected a failure, got \(String(describing: result))")
            return
        }
        #expect(error.isForceStopped)
        #expect(!env.manager.isAuthorizing)
        #expect(!env.manager.isAuthorized)
        #expect(env.platform.count(EmulatedLine.Paths.token) == 0)
    }

    @Test func secondConcurrentLoginFailsWithLoginInProgress() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .hang
        let first = Task { await capture { () async throws(LineSDKError) in try await env.login([.profile]) } }
        _ = await env.agent.nextPresentation()

        let second = await capture { () async throws(LineSDKError) in try await env.login([.profile]) }
        #expect(second?.isLoginInProgress == true)
        #expect(env.agent.authorizationURLs.count == 1, "the second login never reached the browser")
        #expect(env.manager.isAuthorizing, "the first login is still running")

        first.cancel()
        #expect(await first.value?.isForceStopped == true)

        // The manager is free again.
        env.agent.outcome = .approve
        _ = try await env.login([.profile])
        #expect(env.manager.isAuthorized)
    }

    @Test func completionFormIgnoresASecondLoginAsLINEDoes() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .hang
        let (firstDone, finished) = AsyncStream<Void>.makeStream()
        let first = try #require(env.manager.login(permissions: [.profile]) { _ in finished.yield() })
        _ = await env.agent.nextPresentation()
        let called = Locked(false)
        #expect(env.manager.login(permissions: [.profile]) { _ in called.withLock { $0 = true } } == nil)
        #expect(env.manager.currentProcess === first, "the running login is untouched")
        #expect(env.agent.authorizationURLs.count == 1)
        first.stop()
        var iterator = firstDone.makeAsyncIterator()
        _ = await iterator.next()
        #expect(!env.manager.isAuthorizing)
        #expect(!called.current, "an ignored login never calls back")
    }

    @Test func allowRecreatingReplacesTheRunningLogin() async throws {
        let env = try await LineTestEnvironment()
        env.agent.outcome = .hang
        let (firstResults, continuation) = AsyncStream<Result<LoginResult, LineSDKError>>.makeStream()
        let first = try #require(env.manager.login(permissions: [.profile]) { continuation.yield($0) })
        _ = await env.agent.nextPresentation()

        env.agent.outcome = .approve
        var parameters = LoginManager.Parameters()
        parameters.allowRecreatingLoginProcess = true
        let second = await capture { () async throws(LineSDKError) in try await env.login([.profile], parameters: parameters) }
        #expect(second == nil, "the new login ran to the end")
        var iterator = firstResults.makeAsyncIterator()
        guard case .failure(.generalError(.processDiscarded(let discarded)))? = await iterator.next() else {
            Issue.record("the replaced login did not end with processDiscarded")
            return
        }
        #expect(discarded === first)
        #expect(env.manager.isAuthorized && !env.manager.isAuthorizing)
    }

    @Test func completionHandlerLoginSucceeds() async throws {
        let env = try await LineTestEnvironment()
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<LoginResult, LineSDKError>, Never>) in
            env.manager.login(permissions: [.profile], callbackQueue: .untouch) { continuation.resume(returning: $0) }
        }
        guard case .success(let loginResult) = result else {
            Issue.record("login failed: \(result)")
            return
        }
        #expect(loginResult.userProfile != nil)
    }

    @Test func completionHandlerRunsOnTheGivenQueue() async throws {
        let env = try await LineTestEnvironment()
        let queue = DispatchQueue(label: "linesdk.tests.callback")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let onQueue = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            env.manager.login(permissions: [.profile], callbackQueue: .dispatch(queue)) { _ in
                continuation.resume(returning: DispatchQueue.getSpecific(key: key) == true)
            }
        }
        #expect(onQueue)
    }
}
#endif
