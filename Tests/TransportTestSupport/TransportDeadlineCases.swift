import Foundation
import OAuthEngine
import Testing

/// What every production transport must do against real misbehaving servers on loopback (shared by the
/// URLSession and the AsyncHTTPClient transports' tests, not copied). Only lower bounds on time are
/// checked: a timeout must not fire early; how promptly a call returns afterwards is the fault suite's.
enum TransportDeadlineCases {
    static func outcome(_ transport: any HTTPTransport, _ url: URL, timeout: TimeInterval)
        async -> (result: Result<HTTPResponse, TransportError>, elapsed: Duration)
    {
        let started = ContinuousClock.now
        do {
            let response = try await transport.send(HTTPRequest(url: url, timeout: timeout))
            return (.success(response), ContinuousClock.now - started)
        } catch {
            return (.failure(TransportError(error)), ContinuousClock.now - started)
        }
    }

    /// A server that accepts and never answers: `.timedOut`, not before it was due.
    static func aServerThatNeverAnswersTimesOut(_ transport: any HTTPTransport) async throws {
        let server = try #require(MisbehavingServer(.hang))
        defer { server.stop() }
        let (result, elapsed) = await outcome(transport, server.url(), timeout: 0.5)
        guard case .failure(.timedOut) = result else {
            Issue.record("expected a timeout: \(result)")
            return
        }
        #expect(elapsed >= .milliseconds(450), "not before it was due")
    }

    /// The head at once, then each byte of the body well within any idle timeout, the whole answer only
    /// after ~12 s: only a deadline for the whole exchange stops it (without one the call ends with a 200).
    static func aServerTricklingItsAnswerTimesOut(_ transport: any HTTPTransport) async throws {
        let server = try #require(MisbehavingServer(.trickle(every: 0.2)))
        defer { server.stop() }
        let (result, elapsed) = await outcome(transport, server.url(), timeout: 1)
        guard case .failure(.timedOut) = result else {
            Issue.record("expected a timeout: \(result)")
            return
        }
        #expect(elapsed >= .milliseconds(950), "not before it was due")
    }

    /// A reset halfway through the body is a transient failure, at once: not half a body, not a hang.
    static func aResetMidBodyIsATransientFailure(_ transport: any HTTPTransport) async throws {
        let server = try #require(MisbehavingServer(.resetMidBody))
        defer { server.stop() }
        let (result, _) = await outcome(transport, server.url(), timeout: 10)
        guard case .failure(let error) = result else {
            Issue.record("a half body was accepted: \(result)")
            return
        }
        #expect(error.isTransient, "\(error)")
    }

    /// Cut-off JSON behind a well-framed 200 goes through the JWKS cache as an unusable key set that is
    /// backed off.
    static func truncatedJSONIsKeysUnavailable(_ transport: any HTTPTransport) async throws {
        let server = try #require(MisbehavingServer(.truncatedJSON))
        defer { server.stop() }
        let cache = KeySetCache(url: server.url(), transport: transport, timeout: 5)
        await #expect(throws: IDTokenError.self) { _ = try await cache.keySet(for: "k") }
        await #expect(throws: IDTokenError.keysUnavailable("the JWKS endpoint failed recently; it is asked again after the back-off")) {
            _ = try await cache.keySet(for: "k")
        }
        #expect(await cache.fetchCount == 1)
    }

    /// After a timed-out call, a prompt answer still comes through the same transport.
    static func aPromptAnswerIsUnaffected(_ transport: any HTTPTransport) async throws {
        let hung = try #require(MisbehavingServer(.hang))
        defer { hung.stop() }
        guard case .failure(.timedOut) = await outcome(transport, hung.url(), timeout: 0.2).result else {
            Issue.record("expected a timeout")
            return
        }
        let prompt = try #require(MisbehavingServer(.trickle(every: 0)))
        defer { prompt.stop() }
        let response = try await outcome(transport, prompt.url(), timeout: 30).result.get()
        #expect(response.statusCode == 200)
        #expect(response.body == Data(MisbehavingServer.trickledBody))
    }
}
