#if Emulator
import Foundation
import OAuthEngine
import LineLoginTesting
import Testing
@testable import LineSDK

/// Tokens never appear in `description`, `debugDescription`, `localizedDescription` or error messages.
@Suite(.emulatedLine) struct RedactionTests {
    private func texts(of error: LineSDKError) -> [String] {
        var dumped = ""
        dump(error, to: &dumped)
        return [
            error.description, String(describing: error), String(reflecting: error), error.localizedDescription,
            error.errorDescription ?? "", "\(error)", dumped,
        ]
    }

    private func expectNoSecrets(_ texts: [String], _ secrets: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!secrets.isEmpty, sourceLocation: sourceLocation)
        for text in texts {
            for secret in secrets where text.contains(secret) {
                Issue.record("a token/code appears in: \(text.prefix(300))", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func accessTokenDescriptionHidesTheValue() async throws {
        let env = try await LineTestEnvironment()
        let result = try await env.login([.profile, .openID, .email])
        let token = result.accessToken
        let texts = [token.description, token.debugDescription, String(describing: token), String(reflecting: token), "\(token)"]
        for text in texts {
            #expect(!text.contains(token.value))
            #expect(!text.contains(try #require(token.IDTokenRaw)))
            #expect(text.contains("redacted"))
        }
        expectNoSecrets(texts + [String(describing: result), String(reflecting: result)], env.platform.issuedSecrets)
        #expect(!String(describing: env.manager.accessTokenStore.current).contains(token.value))
    }

    // The emulator plays the swapped nonce, the expired token and the dead refresh token; the transport injects the rest.
    @Test func errorsFromEveryFailureHideTokens() async throws {
        let platform = try await EmulatedLine.start()
        var errors: [LineSDKError] = []
        func record(_ error: LineSDKError?, sourceLocation: SourceLocation = #_sourceLocation) {
            if let error { errors.append(error) } else { Issue.record("expected an error", sourceLocation: sourceLocation) }
        }

        // Login failures after a code was issued.
        let env = try LineTestEnvironment(platform: platform)
        env.agent.tamperedNonce = "wrong"
        record(await capture { () async throws(LineSDKError) in try await env.login([.openID]) })
        env.agent.tamperedNonce = nil
        platform.setFaults { $0.profileUserID = "Udeadbeefdeadbeefdeadbeefdeadbeef" }
        record(await capture { () async throws(LineSDKError) in try await env.login([.profile, .openID]) })
        platform.setFaults {
            $0 = .init()
            $0.tokenWrongType = true
        } // 200 with tokens in the body
        record(await capture { () async throws(LineSDKError) in try await env.login([.profile, .openID]) })
        platform.setFaults { $0 = .init() }
        env.agent.outcome = .wrongState
        record(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        env.agent.outcome = .error("ACCESS_DENIED", description: nil)
        record(await capture { () async throws(LineSDKError) in try await env.login([.profile]) })
        env.agent.outcome = .approve

        // API failures with a session.
        _ = try await env.login([.profile, .openID])
        for fault: (inout EmulatedLine.Faults) -> Void in [
            { $0.profileStatus = 401 }, { $0.profileStatus = 403 }, { $0.profileStatus = 503 }, { $0.profileGarbage = true },
        ] {
            platform.setFaults {
                $0 = .init()
                fault(&$0)
            }
            record(await capture { () async throws(LineSDKError) in try await env.manager.api.getProfile() })
        }
        platform.setFaults {
            $0 = .init()
            $0.verifyGarbage = true
        }
        record(await capture { () async throws(LineSDKError) in try await env.manager.api.verifyAccessToken() })
        platform.setFaults { $0 = .init() }
        platform.expireAccessTokens()
        record(await capture { () async throws(LineSDKError) in try await env.manager.api.verifyAccessToken() })
        try await env.revokeRefreshTokenAtLINE()
        record(await capture { () async throws(LineSDKError) in try await env.manager.api.refreshAccessToken() })

        #expect(errors.count == 12)
        expectNoSecrets(errors.flatMap(texts(of:)), platform.issuedSecrets)
        for error in errors {
            if let detail = error.apiDetail {
                expectNoSecrets([detail.rawString ?? "", String(describing: detail)], platform.issuedSecrets)
            }
        }
    }

    @Test func tokenResponseBodyIsRedactedInTheError() async throws {
        let env = try await LineTestEnvironment()
        env.platform.setFaults { $0.tokenWrongType = true }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile, .openID]) })
        #expect(error.parsingFailureType != nil)
        let body = try #require(error.parsingFailureBody)
        #expect(body.contains("<redacted>"))
        #expect(body.contains("token_type"))
        #expect(error.requestID == env.platform.lastRequestID)
        #expect(!env.manager.isAuthorized)
    }

    @Test func errorDescriptionsAreReadable() {
        let detail = LineSDKError.APIErrorDetail(
            ServerError(
                statusCode: 400, code: "invalid_grant", message: "invalid refresh token",
                requestID: "abc123", body: "{}"), url: URL(string: "https://api.line.test/oauth2/v2.1/token?access_token=x"))
        let error = LineSDKError.responseFailed(reason: .invalidHTTPStatusAPIError(detail: detail))
        #expect(error.description.contains("400"))
        #expect(error.description.contains("invalid_grant"))
        #expect(error.description.contains("x-line-request-id: abc123"))
        #expect(error.isRefreshTokenError)
        #expect(error.requestID == "abc123")
        #expect(LineSDKError.authorizeFailed(reason: .userCancelled).description == "The user cancelled the login.")
        #expect(LineSDKError.requestFailed(reason: .lackOfAccessToken).localizedDescription.contains("No access token"))
    }
}
#endif
