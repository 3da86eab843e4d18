#if AsyncHTTPClient && Server && Emulator
import Foundation
import LineLoginAsyncHTTPClient
import OAuthEngine
import Testing
@testable import TransportTestSupport

/// The AsyncHTTPClient transport against the same misbehaving servers as URLSession's (shared cases), and
/// what it does besides: no redirects, a bound on the body, failures in the engine's terms.
@Suite(.timeLimit(.minutes(5)))
struct AsyncHTTPClientTransportTests {
    /// Runs `body` with a transport of its own, shut down afterwards.
    func withTransport(maximumBodySize: Int = 1 << 20, _ body: (AsyncHTTPClientTransport) async throws -> Void) async throws {
        let transport = AsyncHTTPClientTransport(maximumBodySize: maximumBodySize)
        do { try await body(transport) } catch {
            try? await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        try await withTransport { try await TransportDeadlineCases.aServerThatNeverAnswersTimesOut($0) }
    }

    @Test func aServerTricklingItsAnswerTimesOut() async throws {
        try await withTransport { try await TransportDeadlineCases.aServerTricklingItsAnswerTimesOut($0) }
    }

    @Test func aResetMidBodyIsATransientFailure() async throws {
        try await withTransport { try await TransportDeadlineCases.aResetMidBodyIsATransientFailure($0) }
    }

    @Test func truncatedJSONIsKeysUnavailable() async throws {
        try await withTransport { try await TransportDeadlineCases.truncatedJSONIsKeysUnavailable($0) }
    }

    @Test func aPromptAnswerIsUnaffected() async throws {
        try await withTransport { try await TransportDeadlineCases.aPromptAnswerIsUnaffected($0) }
    }

    // The body bound, shared with the URLSession transport's tests.
    @Test func anEndlessChunkedBodyStopsAtTheBound() async throws {
        try await withTransport { try await TransportBodyBoundCases.anEndlessChunkedBodyStopsAtTheBound($0) }
    }
    @Test func anAnnouncedHugeBodyIsRefusedAtOnce() async throws {
        try await withTransport { try await TransportBodyBoundCases.anAnnouncedHugeBodyIsRefusedAtOnce($0) }
    }
    @Test func bytesPastTheContentLengthAreNeverTaken() async throws {
        try await withTransport { try await TransportBodyBoundCases.bytesPastTheContentLengthAreNeverTaken($0) }
    }
    @Test func aSmallContentLengthOverEndlessChunksStopsAtTheBound() async throws {
        try await withTransport { try await TransportBodyBoundCases.aSmallContentLengthOverEndlessChunksStopsAtTheBound($0) }
    }
    @Test func anEndlessDiscoveryDocumentFailsAtItsKindsBound() async throws {
        try await withTransport { try await TransportBodyBoundCases.anEndlessDiscoveryDocumentFailsAtItsKindsBound($0) }
    }
    @Test func aBodyUnderTheBoundInSeveralReadsArrivesWhole() async throws {
        try await withTransport { try await TransportBodyBoundCases.aBodyUnderTheBoundInSeveralReadsArrivesWhole($0) }
    }

    @Test func aBodyOverTheLimitIsRefused() async throws {
        try await withTransport(maximumBodySize: 1) { transport in
            let server = try #require(MisbehavingServer(.trickle(every: 0)))
            defer { server.stop() }
            let result = await TransportDeadlineCases.outcome(transport, server.url(), timeout: 10).result
            // The transport's own bound holds under a request's larger one.
            #expect(result.failure == .responseTooLarge(limit: 1), "a body over the limit was read: \(result.summary)")
        }
    }

    @Test func nothingListeningIsATransientConnectionFailure() async throws {
        try await withTransport { transport in
            // A port bound but never listening, held until the call is over: the connection is refused.
            let port = try #require(RefusingPort())
            let url = port.url()
            let result = await TransportDeadlineCases.outcome(transport, url, timeout: 5).result
            withExtendedLifetime(port) {}
            guard case .failure(let error) = result else {
                Issue.record("expected a failure: \(result)")
                return
            }
            #expect(error.isTransient, "\(error)")
            #expect(!String(describing: error).contains(url.absoluteString), "no URL in the error")
        }
    }
}
#endif
