#if Emulator
@testable import ClientTestSupport
import EmulatorBrowser
import Foundation
import LineLoginEmulator
import LineSDK
import OAuthEngine
import Testing
@testable import TransportTestSupport
import LineLoginPrimitives

@Suite("LineSDK against the emulator over real HTTP: failures")
struct FailureEndToEndTests {
    @Test("a state mismatch never exchanges the code and offers one retry without auto login")
    func stateMismatch() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let forged = RewritingAgent(base: harness.browser()) { $0.replacingQueryValue("state", with: "forged-state-value") }
        let manager = try harness.manager(userAgent: forged)
        let tokenRequestsBefore = harness.emulator.stats.tokenRequests
        let parameters = LoginManager.Parameters()
        do {
            _ = try await manager.login(permissions: [.profile], parameters: parameters)
            Issue.record("a forged state must fail")
        } catch {
            #expect(error.isResponseStateMismatch)
            #expect(harness.emulator.stats.tokenRequests == tokenRequestsBefore, "the code must never reach the token endpoint")
            let retry = try #require(error.retryParameters(after: parameters))
            #expect(retry.disableAutoLogin)
            #expect(error.retryParameters(after: retry) == nil, "never loop")
        }
        #expect(!manager.isAuthorized)
    }

    @Test(
        "cancel on the consent screen and on the login screen → isUserCancelled",
        arguments: [
            ScriptedBrowser.Decision.cancel, .cancelAtLogin,
        ])
    func cancelledConsent(_ decision: ScriptedBrowser.Decision) async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let manager = try harness.manager(userAgent: harness.browser(decision: decision))
        do {
            _ = try await manager.login(permissions: [.profile])
            Issue.record("a cancelled login must fail")
        } catch {
            #expect(error.isUserCancelled)
        }
    }

    /// Runs one real login through the browser and returns the request and callback, without exchanging.
    private func authorize(_ harness: EmulatorHarness) async throws -> (AuthorizationRequest, AuthorizationResponse) {
        let client = try OAuthClient(configuration: harness.providerConfiguration, store: MemoryTokenStore())
        let session = try await harness.browser().beginSession(redirectURI: nil)
        let request = client.makeAuthorizationRequest(redirectURI: session.redirectURI, scopes: ["profile", "openid"])
        let callback = try await session.present(request.url)
        return (request, try AuthorizationResponse(url: callback, request: request, issuer: nil))
    }

    @Test("a replayed code is refused (invalid_grant)")
    func replayedCode() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let (request, response) = try await authorize(harness)
        let client = TokenClient(configuration: harness.providerConfiguration, transport: URLSessionTransport())
        _ = try await client.exchange(code: response.code, redirectURI: request.redirectURI, codeVerifier: request.pkce?.verifier)
        await expectServerError("invalid_grant") {
            _ = try await client.exchange(code: response.code, redirectURI: request.redirectURI, codeVerifier: request.pkce?.verifier)
        }
    }

    @Test("a wrong PKCE verifier is refused, and the code is spent")
    func wrongVerifier() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let (request, response) = try await authorize(harness)
        let client = TokenClient(configuration: harness.providerConfiguration, transport: URLSessionTransport())
        await expectServerError("invalid_grant") {
            _ = try await client.exchange(code: response.code, redirectURI: request.redirectURI, codeVerifier: PKCE().verifier)
        }
        await expectServerError("invalid_grant") {
            _ = try await client.exchange(code: response.code, redirectURI: request.redirectURI, codeVerifier: request.pkce?.verifier)
        }
    }

    @Test("a redirect URI that differs from the authorization request's is refused")
    func wrongRedirectURI() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let (request, response) = try await authorize(harness)
        let client = TokenClient(configuration: harness.providerConfiguration, transport: URLSessionTransport())
        let other = try #require(URL(string: "http://127.0.0.1:9/other"))
        await expectServerError("invalid_grant") {
            _ = try await client.exchange(code: response.code, redirectURI: other, codeVerifier: request.pkce?.verifier)
        }
    }

    @Test("a revoked refresh token ends the session with isRefreshTokenError")
    func revokedRefreshToken() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let manager = try harness.manager()
        _ = try await manager.login(permissions: [.profile])
        let refreshToken = try #require(await harness.store.load()?.refreshToken)
        // Revoked elsewhere (another device, the user in LINE's settings): only the server knows.
        let client = TokenClient(configuration: harness.providerConfiguration, transport: URLSessionTransport())
        try await client.revoke(refreshToken, kind: .refreshToken)
        do {
            _ = try await manager.api.refreshAccessToken()
            Issue.record("refresh with a revoked token must fail")
        } catch {
            #expect(error.isRefreshTokenError)
        }
        #expect(!manager.isAuthorized, "invalid_grant clears the stored tokens")
        #expect(try await harness.store.load() == nil)
    }

    @Test("the emulator being down is a transient error that keeps the tokens")
    func outageKeepsTokens() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        // "Down" is a port where nothing listens, held by the test: stopping the emulator would free its
        // port for a parallel test's emulator, which would answer (invalid_grant) instead of being down.
        let outage = try #require(RefusingPort())
        let transport = OutageTransport(refusingPort: outage.port)
        let manager = try harness.manager(transport: transport)
        _ = try await manager.login(permissions: [.profile])
        transport.isDown.withLock { $0 = true }
        do {
            _ = try await manager.api.refreshAccessToken()
            Issue.record("refresh must fail while the platform is down")
        } catch {
            guard case .responseFailed(.URLSessionError) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(manager.isAuthorized)
        #expect(try await harness.store.load() != nil)
        withExtendedLifetime(outage) {}
    }

    @Test("an ID token for another channel is refused")
    func wrongAudience() async throws {
        let harness = try await EmulatorHarness.start { configuration in
            var other = configuration.channels[0]
            other.channelID = "9876543210"
            configuration.channels.append(other)
        }
        defer { Task { await harness.stop() } }
        // Log in to channel 9876543210 but validate as 1234567890: swap client_id in the authorization URL.
        let (request, response) = try await authorize(harness)
        let client = TokenClient(configuration: harness.providerConfiguration, transport: URLSessionTransport())
        let tokens = try await client.exchange(code: response.code, redirectURI: request.redirectURI, codeVerifier: request.pkce?.verifier)
        let idToken = try #require(tokens.idToken)
        let keys = KeySetCache(url: harness.baseURL.appendingPathComponent("oauth2/v2.1/certs"), transport: URLSessionTransport())
        let validator = try IDTokenValidator(
            issuer: harness.baseURL.absoluteString, clientID: "9876543210", allowedAlgorithms: [.es256], keys: keys)
        await #expect(throws: IDTokenError.audienceMismatch) {
            _ = try await validator.validate(idToken, expecting: IDTokenExpectations(nonce: request.nonce))
        }
    }

    private func expectServerError(_ code: String, _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("expected \(code)")
        } catch let OAuthError.server(error) {
            #expect(error.hasCode(code), "got \(error.code ?? "nil")")
            #expect(error.statusCode == 400)
            #expect(error.requestID != nil, "x-line-request-id is kept")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

/// Forwards to URLSession, or, once ``isDown`` is set, sends the same request to a port that refuses
/// connections, so the real "could not connect" path runs.
private struct OutageTransport: HTTPTransport {
    let refusingPort: Int
    let isDown = Locked(false)
    private let base = URLSessionTransport()

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        if isDown.withLock({ $0 }), var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) {
            components.port = refusingPort
            request.url = components.url ?? request.url
        }
        return try await base.send(request)
    }
}
#endif
