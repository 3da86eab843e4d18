import Foundation
@testable import OAuthEngine
import Testing

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

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try #require(MisbehavingServer(.hang))
        defer { server.stop() }
        let (result, elapsed) = await outcome(server.url(), timeout: 0.5)
        #expect(result.failureValue == .timedOut, "\(result)")
        #expect(elapsed >= .milliseconds(450), "not before it was due")
    }

    @Test func aServerTricklingItsAnswerTimesOut() async throws {
        // Each byte comes well within any idle timeout, the whole answer only after ~12 s: only a deadline
        // for the whole exchange stops it (without one the call ends with a 200).
        let server = try #require(MisbehavingServer(.trickle(every: 0.2)))
        defer { server.stop() }
        let (result, elapsed) = await outcome(server.url(), timeout: 1)
        #expect(result.failureValue == .timedOut, "\(result)")
        #expect(elapsed >= .milliseconds(950), "not before it was due")
    }

    /// A connection reset halfway through the body is a transient transport failure, at once, not a
    /// response with half a body and not a hang.
    @Test func aResetMidBodyIsATransientFailure() async throws {
        let server = try #require(MisbehavingServer(.resetMidBody))
        defer { server.stop() }
        let (result, _) = await outcome(server.url(), timeout: 10)
        guard case .failure(let error) = result else { Issue.record("a half body was accepted: \(result)"); return }
        #expect(error.isTransient, "\(error)")
    }

    /// Cut-off JSON behind a well-framed 200 goes through the JWKS cache as an unusable key set that is
    /// backed off, over the real transport.
    @Test func truncatedJSONFromARealServerIsKeysUnavailable() async throws {
        let server = try #require(MisbehavingServer(.truncatedJSON))
        defer { server.stop() }
        let cache = KeySetCache(url: server.url(), transport: transport, timeout: 5)
        await #expect(throws: IDTokenError.self) { _ = try await cache.keySet(for: "k") }
        await #expect(throws: IDTokenError.keysUnavailable("the JWKS endpoint failed recently; it is asked again after the back-off")) {
            _ = try await cache.keySet(for: "k")
        }
        #expect(await cache.fetchCount == 1)
    }

    @Test func aPromptAnswerIsUnaffectedAndTheSessionStaysUsable() async throws {
        let hung = try #require(MisbehavingServer(.hang))
        defer { hung.stop() }
        #expect(await outcome(hung.url(), timeout: 0.2).result.failureValue == .timedOut)
        let prompt = try #require(MisbehavingServer(.trickle(every: 0)))
        defer { prompt.stop() }
        let response = try await outcome(prompt.url(), timeout: 30).result.get()
        #expect(response.statusCode == 200)
        #expect(response.body == Data("ok".utf8))
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
