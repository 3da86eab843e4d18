@testable import ClientTestSupport
import Foundation
import Testing
@testable import OAuthEngine

@Suite struct RetryAfterTests {
    @Test(arguments: [
        ("120", RetryAfter.seconds(120)), (" 0 ", .seconds(0)), ("999999999", .seconds(999_999_999)),
        ("Sun, 06 Nov 1994 08:49:37 GMT", .date(Date(timeIntervalSince1970: 784_111_777))),
    ])
    func parsesBothForms(value: String, expected: RetryAfter) {
        #expect(RetryAfter(headerValue: value) == expected)
    }

    @Test(arguments: [
        "", "-1", "1.5", "+3", "1e3", "0x10", "1234567890", "soon", "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 PST", "٣",
    ])
    func refusesAnythingElse(value: String) {
        #expect(RetryAfter(headerValue: value) == nil)
    }

    @Test func aDateInThePastMeansNow() {
        let now = Date(timeIntervalSince1970: 1_000_000_000)
        #expect(RetryAfter.date(now.addingTimeInterval(-50)).delay(from: now) == 0)
        #expect(RetryAfter.date(now.addingTimeInterval(50)).delay(from: now) == 50)
    }

    @Test func comesFromTheResponseHeaderWhateverItsCase() {
        #expect(RetryAfter(HTTPResponse(statusCode: 503, headers: ["RETRY-AFTER": "7"])) == .seconds(7))
        #expect(RetryAfter(HTTPResponse(statusCode: 503)) == nil)
        #expect(ServerError(response: HTTPResponse(statusCode: 429, headers: ["Retry-After": "9"])).retryAfter == .seconds(9))
    }
}

@Suite struct OutageBackoffTests {
    let start = Date(timeIntervalSince1970: 1_000_000_000)

    // `admit` is mutating; #expect can't call it on a variable directly.
    static func admit(_ backoff: inout OutageBackoff, at now: Date) -> Bool { backoff.admit(at: now) }

    @Test func aHealthyEndpointIsAlwaysAdmitted() {
        var backoff = OutageBackoff(interval: 10)
        #expect(Self.admit(&backoff, at: start))
        #expect(Self.admit(&backoff, at: start))
        #expect(backoff.remaining(at: start) == 0)
    }

    @Test func afterAFailureOneProbePerInterval() {
        var backoff = OutageBackoff(interval: 10)
        backoff.failed(at: start)
        #expect(!Self.admit(&backoff, at: start.addingTimeInterval(9.9)))
        #expect(backoff.remaining(at: start.addingTimeInterval(4)) == 6)
        #expect(Self.admit(&backoff, at: start.addingTimeInterval(10)), "the probe")
        #expect(!Self.admit(&backoff, at: start.addingTimeInterval(10)), "a second caller while the probe is out")
        #expect(!Self.admit(&backoff, at: start.addingTimeInterval(19.9)))
        backoff.succeeded()
        #expect(Self.admit(&backoff, at: start.addingTimeInterval(11)))
    }

    @Test(arguments: [
        (nil, 10.0), (RetryAfter.seconds(3), 10), (.seconds(60), 60), (.seconds(86_400), 300),
        (.date(Date(timeIntervalSince1970: 1_000_000_100)), 100),
    ])
    func retryAfterIsHonouredUpToTheCap(retryAfter: RetryAfter?, expected: TimeInterval) {
        var backoff = OutageBackoff(interval: 10, cap: 300)
        backoff.failed(at: start, retryAfter: retryAfter)
        #expect(backoff.remaining(at: start) == expected)
    }

    @Test(arguments: [(0.0, 1.0), (-3, 1), (5, 5), (.infinity, 600), (.nan, 30), (1e308, 600)])
    func theIntervalIsBounded(requested: TimeInterval, effective: TimeInterval) {
        #expect(OutageBackoff(interval: requested).interval == effective)
    }

    @Test func theCapIsNeverBelowTheInterval() {
        #expect(OutageBackoff(interval: 60, cap: 5).cap == 60)
        #expect(OutageBackoff(interval: 60, cap: .infinity).cap == 600)
    }
}

@Suite struct BackoffTransportTests {
    @Test func endpointsAreToldApartByPathNotQuery() async throws {
        let clock = TestClock()
        let base = ScriptedTransport { request in
            request.url.path == "/down" ? HTTPResponse(statusCode: 503) : HTTPResponse(statusCode: 200)
        }
        let transport = BackoffTransport(wrapping: base, interval: 5, clock: clock)
        let down = try #require(URL(string: "https://example.com/down?access_token=a"))
        let downOther = try #require(URL(string: "https://example.com/down?access_token=b"))
        let up = try #require(URL(string: "https://example.com/up"))
        #expect(try await transport.send(HTTPRequest(url: down)).statusCode == 503)
        await #expect(throws: TransportError.backingOff(seconds: 5)) { try await transport.send(HTTPRequest(url: downOther)) }
        #expect(try await transport.send(HTTPRequest(url: up)).statusCode == 200)
        #expect(base.count(path: "/down") == 1)
        #expect(transport.remainingBackoff(for: downOther) == 5)
    }

    @Test func cancellingACallSaysNothingAboutTheEndpoint() async throws {
        let clock = TestClock()
        let base = ScriptedTransport { _ in throw TransportError.cancelled }
        let transport = BackoffTransport(wrapping: base, interval: 5, clock: clock)
        let url = try #require(URL(string: "https://example.com/token"))
        await #expect(throws: TransportError.cancelled) { try await transport.send(HTTPRequest(url: url)) }
        await #expect(throws: TransportError.cancelled) { try await transport.send(HTTPRequest(url: url)) }
        #expect(base.count(path: "/token") == 2)
    }

    @Test(arguments: [HTTPResponse(statusCode: 500), HTTPResponse(statusCode: 502), HTTPResponse(statusCode: 429)])
    func outageAnswersStartTheBackOffOthersDoNot(response: HTTPResponse) async throws {
        let clock = TestClock()
        let url = try #require(URL(string: "https://example.com/token"))
        let failing = BackoffTransport(wrapping: ScriptedTransport { _ in response }, interval: 5, clock: clock)
        _ = try await failing.send(HTTPRequest(url: url))
        #expect(failing.remainingBackoff(for: url) == 5)
        for status in [200, 400, 401, 404] {
            let answering = BackoffTransport(
                wrapping: ScriptedTransport { _ in HTTPResponse(statusCode: status) }, interval: 5, clock: clock)
            _ = try await answering.send(HTTPRequest(url: url))
            #expect(answering.remainingBackoff(for: url) == 0, "HTTP \(status)")
        }
    }

    @Test func theMessageSaysHowLong() {
        #expect(TransportError.backingOff(seconds: 4.2).description == "the server failed recently and is left alone for 5 more seconds")
        #expect(TransportError.backingOff(seconds: .nan).description.hasSuffix("1 more second"))
    }
}
