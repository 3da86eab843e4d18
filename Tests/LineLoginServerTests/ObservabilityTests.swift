#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
import InMemoryLogging
import LineSDK
import Logging
import MetricsTestKit
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

/// What the server kit logs and counts (``LineLoginObservability``): each outcome counted with its reason,
/// LINE's calls by endpoint, cache hits, the request's logger used, and never a token in any record.
@Suite struct ObservabilityTests {
    let clock = TestClock()
    let metrics = TestMetrics()
    let logs = InMemoryLogHandler()

    var observability: LineLoginObservability {
        var logger = Logger(label: "test", factory: { _ in logs })
        logger.logLevel = .trace
        return LineLoginObservability(logger: logger, metricsFactory: metrics)
    }

    func verifications(_ kind: String, _ outcome: String, _ reason: String) -> Int64 {
        metrics.counterTotal(
            label: "line_login_verifications_total", dimensions: [("kind", kind), ("outcome", outcome), ("reason", reason)])
    }

    func calls(_ endpoint: String, _ status: String) -> Int64 {
        metrics.counterTotal(label: "line_login_line_requests_total", dimensions: [("endpoint", endpoint), ("status", status)])
    }

    /// Every log record as one string (message and metadata), for the no-token scan.
    var everything: String {
        logs.entries.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
    }

    // MARK: Access tokens

    @Test func accessTokenOutcomesAreCountedByReasonAndLINECallsByEndpoint() async throws {
        let token = "access-token-under-test-0123456789"
        let line = AccessTokenVerifierTests.line(verify: { AccessTokenVerifierTests.valid() })
        let verifier = try AccessTokenVerifier(
            channelIDs: [TestTokens.channelID], cache: AccessTokenCache(clock: clock), transport: line, clock: clock,
            observability: observability)

        _ = try await verifier.verify(token)
        _ = try await verifier.verify(token)
        #expect(verifications("access_token", "accepted", "none") == 2)
        #expect(
            metrics.counterTotal(label: "line_login_cache_lookups_total", dimensions: [("cache", "access_token"), ("result", "miss")]) == 1)
        #expect(
            metrics.counterTotal(label: "line_login_cache_lookups_total", dimensions: [("cache", "access_token"), ("result", "hit")]) == 1)
        // The second answer came from the cache: LINE was called once per endpoint.
        #expect(calls("verify", "2xx") == 1)
        #expect(calls("profile", "2xx") == 1)
        #expect(try metrics.expectTimer("line_login_line_request_duration_seconds", [("endpoint", "verify")]).values.count == 1)
        #expect(try metrics.expectTimer("line_login_verification_duration_seconds", [("kind", "access_token")]).values.count == 2)

        let refused = AccessTokenVerifierTests.line(verify: {
            HTTPResponse.json(400, ["error": "invalid_request", "error_description": "invalid access token"])
        })
        let strict = try AccessTokenVerifier(
            channelIDs: [TestTokens.channelID], cache: nil, transport: refused, clock: clock, observability: observability)
        await #expect(throws: VerificationError.self) { try await strict.verify(token) }
        #expect(verifications("access_token", "refused", "invalid_access_token") == 1)
        #expect(calls("verify", "4xx") == 1)
        #expect(!everything.contains(token))
    }

    @Test func anOutageIsCountedAsUnavailableAndLoggedAsAWarning() async throws {
        let line = AccessTokenVerifierTests.line(verify: { HTTPResponse(statusCode: 503) })
        let verifier = try AccessTokenVerifier(
            channelIDs: [TestTokens.channelID], cache: nil, transport: line, clock: clock, observability: observability)
        await #expect(throws: VerificationError.self) { try await verifier.verify("access-token-during-an-outage") }
        #expect(verifications("access_token", "unavailable", "unavailable") == 1)
        #expect(calls("verify", "5xx") == 1)
        let warning = try #require(logs.entries.first { $0.level == .warning })
        #expect(warning.metadata["line.outcome"] == "unavailable")
        #expect(logs.entries.contains { $0.level == .debug && $0.metadata["line.endpoint"] == "verify" })
    }

    // MARK: ID tokens

    @Test func idTokensCountJWKSFetchesCacheHitsAndRefusals() async throws {
        let keys = TestTokens(keyID: "key-1")
        let jwks = TestTokens.jwks([keys])
        let line = ScriptedTransport { request throws(TransportError) in
            guard request.url.path == "/oauth2/v2.1/certs" else { return HTTPResponse(statusCode: 404) }
            return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: jwks)
        }
        let verifier = try IDTokenVerifier(
            channels: [LineChannel(channelID: TestTokens.channelID)], transport: line, clock: clock,
            cache: VerifiedIDTokenCache(clock: clock), observability: observability)
        let token = keys.es256(TestTokens.claims(now: clock.now()))

        _ = try await verifier.verify(token)
        _ = try await verifier.verify(token)
        let forged = TestTokens.tamperedSignature(token)
        await #expect(throws: VerificationError.self) { try await verifier.verify(forged) }
        // A middleware's synchronous look at the cache counts as one more hit and one more acceptance;
        // a token it can't answer for counts nothing (the verify that follows does).
        #expect(verifier.rememberedVerification(of: token) != nil)
        #expect(verifier.rememberedVerification(of: forged) == nil)

        #expect(verifications("id_token", "accepted", "none") == 3)
        #expect(verifications("id_token", "refused", "invalid_signature") == 1)
        #expect(calls("jwks", "2xx") == 1)
        let lookups = { (result: String) in
            metrics.counterTotal(label: "line_login_cache_lookups_total", dimensions: [("cache", "id_token"), ("result", result)])
        }
        #expect(lookups("hit") == 2)
        #expect(lookups("miss") == 2)
        let accepted = try #require(logs.entries.first { $0.metadata["line.outcome"] == "accepted" })
        #expect(accepted.metadata["line.channel"] == "\(TestTokens.channelID)")
        // Neither the token nor its signature, in any message or metadata.
        let signature = try #require(token.split(separator: ".").last)
        #expect(!everything.contains(token) && !everything.contains(String(signature)))
        #expect(!everything.contains(forged))
    }

    @Test func theRequestsLoggerIsUsedSoItsMetadataRidesAlong() async throws {
        let line = AccessTokenVerifierTests.line(verify: { AccessTokenVerifierTests.valid() })
        let verifier = try AccessTokenVerifier(
            channelIDs: [TestTokens.channelID], cache: nil, transport: line, clock: clock, observability: observability)
        var request = Logger(label: "request", factory: { _ in logs })
        request.logLevel = .trace
        request[metadataKey: "request.id"] = "r-42"
        _ = try await AcceptedTokens.accessTokens(verifier).authenticate("access-token-0123456789", logger: request)
        let record = try #require(logs.entries.first { $0.metadata["line.outcome"] == "accepted" })
        #expect(record.metadata["request.id"] == "r-42")
    }

    @Test func withoutAnObservabilityNothingIsLoggedAndNothingBreaks() async throws {
        // The default: a no-op logger, and the global factory (a no-op until an app bootstraps one).
        let line = AccessTokenVerifierTests.line(verify: { AccessTokenVerifierTests.valid() })
        let verifier = try AccessTokenVerifier(channelIDs: [TestTokens.channelID], cache: nil, transport: line, clock: clock)
        #expect(try await verifier.verify("access-token-0123456789").channelID == TestTokens.channelID)
    }

    // MARK: Web login

    @Test func webLoginFailuresAreCountedByCode() async throws {
        let configuration = WebLoginConfiguration(
            channelID: TestTokens.channelID, channelSecret: TestTokens.secret,
            redirectURI: URL(string: "https://example.com/callback")!, transport: ScriptedTransport { _ in HTTPResponse(statusCode: 500) },
            clock: clock, observability: observability)
        let login = try WebLogin(configuration: configuration)
        let callback = URL(string: "https://example.com/callback?code=CODE-MUST-NOT-BE-LOGGED&state=STATE-MUST-NOT-BE-LOGGED")!
        await #expect(throws: WebLoginError.self) { try await login.callback(url: callback, cookieHeader: nil) }
        #expect(metrics.counterTotal(label: "line_login_web_logins_total", dimensions: [("outcome", "no_pending_login")]) == 1)
        #expect(!everything.contains("MUST-NOT-BE-LOGGED"))
    }
}
#endif
