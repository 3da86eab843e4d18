import Foundation
@testable import OAuthEngine
import Testing
@testable import TransportTestSupport

/// `HTTPRequest.timeout` is a deadline for the whole exchange with the production transport, on Linux
/// too, against real misbehaving servers on loopback. Only lower bounds on time are checked (a timeout
/// must not fire early); how promptly the call returns afterwards is the fault suite's business.
@Suite struct URLSessionTransportDeadlineTests {
    let transport = URLSessionTransport()

    func outcome(_ url: URL, timeout: TimeInterval) async -> (result: Result<HTTPResponse, TransportError>, elapsed: Duration) {
        let started = ContinuousClock.now
        do {
            let response = try await transport.send(HTTPRequest(url: url, timeout: timeout))
            return (.success(response), ContinuousClock.now - started)
        } catch {
            return (.failure(error), ContinuousClock.now - started)
        }
    }

    // The real-socket cases are shared with the AsyncHTTPClient transport's tests.
    @Test func aServerThatNeverAnswersTimesOut() async throws {
        try await TransportDeadlineCases.aServerThatNeverAnswersTimesOut(transport)
    }
    @Test func aServerTricklingItsAnswerTimesOut() async throws {
        try await TransportDeadlineCases.aServerTricklingItsAnswerTimesOut(transport)
    }
    @Test func aResetMidBodyIsATransientFailure() async throws {
        try await TransportDeadlineCases.aResetMidBodyIsATransientFailure(transport)
    }
    @Test func truncatedJSONFromARealServerIsKeysUnavailable() async throws {
        try await TransportDeadlineCases.truncatedJSONIsKeysUnavailable(transport)
    }
    @Test func aPromptAnswerIsUnaffectedAndTheSessionStaysUsable() async throws {
        try await TransportDeadlineCases.aPromptAnswerIsUnaffected(transport)
    }

    // The body bound, shared with the AsyncHTTPClient transport's tests too.
    @Test func anEndlessChunkedBodyStopsAtTheBound() async throws {
        try await TransportBodyBoundCases.anEndlessChunkedBodyStopsAtTheBound(transport)
    }
    @Test func anAnnouncedHugeBodyIsRefusedAtOnce() async throws {
        try await TransportBodyBoundCases.anAnnouncedHugeBodyIsRefusedAtOnce(transport)
    }
    @Test func bytesPastTheContentLengthAreNeverTaken() async throws {
        try await TransportBodyBoundCases.bytesPastTheContentLengthAreNeverTaken(transport)
    }
    @Test func aSmallContentLengthOverEndlessChunksStopsAtTheBound() async throws {
        try await TransportBodyBoundCases.aSmallContentLengthOverEndlessChunksStopsAtTheBound(transport)
    }
    @Test func anEndlessDiscoveryDocumentFailsAtItsKindsBound() async throws {
        try await TransportBodyBoundCases.anEndlessDiscoveryDocumentFailsAtItsKindsBound(transport)
    }
    @Test func aBodyUnderTheBoundInSeveralReadsArrivesWhole() async throws {
        try await TransportBodyBoundCases.aBodyUnderTheBoundInSeveralReadsArrivesWhole(transport)
    }

    // MARK: - The race itself

    @Test func anExchangeThatIgnoresCancellationStillLosesToTheDeadline() async {
        let gate = CoreGate()
        let result = await Result { () async throws(TransportError) in
            try await ExchangeDeadline.run(seconds: 0.05) { () throws(TransportError) in
                await gate.pass()
                return 1
            }
        }
        #expect(result.failureValue == .timedOut)
        gate.open()
    }

    @Test func cancellingTheCallerEndsTheExchangeAtOnce() async {
        let gate = CoreGate()
        let call = Task {
            await Result { () async throws(TransportError) in
                try await ExchangeDeadline.run(seconds: 3600) { () throws(TransportError) in
                    await gate.pass()
                    return 1
                }
            }
        }
        await gate.arrival()
        call.cancel()
        #expect(await call.value.failureValue == .cancelled)
        gate.open()
    }

    @Test(arguments: [0, -1, TimeInterval.nan])
    func aBrokenDeadlineFailsClosed(seconds: TimeInterval) async {
        let gate = CoreGate()
        let result = await Result { () async throws(TransportError) in
            try await ExchangeDeadline.run(seconds: seconds) { () throws(TransportError) in
                await gate.pass()
                return 1
            }
        }
        #expect(result.failureValue == .timedOut)
        gate.open()
    }

    @Test(arguments: [1, TimeInterval.infinity, 1e308])
    func theFirstResultWins(seconds: TimeInterval) async throws {
        #expect(try await ExchangeDeadline.run(seconds: seconds) { () throws(TransportError) in 7 } == 7)
        await #expect(throws: TransportError.connectionFailed("reset")) {
            try await ExchangeDeadline.run(seconds: seconds) { () throws(TransportError) -> Int in throw .connectionFailed("reset") }
        }
    }
}

extension Result where Failure == TransportError {
    /// The outcome of an async throwing call.
    init(_ body: () async throws(TransportError) -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
