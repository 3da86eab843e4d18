#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
@testable import ClientTestSupport
import Foundation
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer
import LineLoginHummingbird
@testable import LineLoginServerTestSupport

/// The fault suite, server side: `LineBearerMiddleware` over real HTTP, with the verifiers' calls to
/// the emulator going through a fault injector. Stated outcomes: while LINE is down a request is
/// answered 503 with `Retry-After` (never 401, never a hang), and LINE is asked at most once per
/// endpoint per back-off interval, whatever the number of requests.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServerFaultTests {
    static let verify = "/oauth2/v2.1/verify"
    static let jwks = "/oauth2/v2.1/certs"

    @Test(arguments: FaultInjectingTransport.outages)
    func aLINEOutageIs503WithRetryAfterNever401(fault: FaultInjectingTransport.Fault) async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let tokens = try await fixture.tokens()
        let idToken = try #require(tokens.idToken)
        let faults = FaultInjectingTransport()
        let channels = [LineChannel(channelID: EmulatorHarness.channelID)]
        let verifiers: [(String, LineBearerMiddleware<LineRequestContext>.AcceptedTokens, String)] = [
            (
                "access token",
                .accessTokens(
                    try AccessTokenVerifier(
                        channelIDs: [EmulatorHarness.channelID], platform: fixture.platform,
                        cache: nil, transport: faults)), tokens.accessToken
            ),
            (
                "ID token, remote",
                .idTokens(
                    try IDTokenVerifier(
                        channels: channels, platform: fixture.platform, mode: .remote,
                        transport: faults)), idToken
            ),
            (
                "ID token, local (cold JWKS cache)",
                .idTokens(
                    try IDTokenVerifier(
                        channels: channels, platform: fixture.platform,
                        transport: faults)), idToken
            ),
        ]
        faults.inject(fault)
        for (name, accepted, token) in verifiers {
            let server = try await MiddlewareTests.server(accepted)
            for attempt in 1...3 {
                let result = try await MiddlewareTests.call(server, token: token)
                #expect(result.status == 503, "\(name), \(fault), attempt \(attempt): \(result.status) \(result.text)")
                let retryAfter = Int(result.header("retry-after") ?? "")
                #expect(
                    retryAfter.map { (1...300).contains($0) } == true, "\(name), \(fault): Retry-After \(String(describing: retryAfter))")
                #expect(result.json?["error"] as? String == "temporarily_unavailable")
            }
            await server.stop()
        }
        faults.report()
        await fixture.stop()
    }

    @Test func anOutageCostsLINEOneCallPerBackOffHoweverManyRequests() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let tokens = try await fixture.tokens()
        let faults = FaultInjectingTransport()
        let clock = TestClock(Date())
        let verifier = try AccessTokenVerifier(
            channelIDs: [EmulatorHarness.channelID], platform: fixture.platform, cache: nil,
            transport: faults, clock: clock, outageBackoff: 5)
        let server = try await MiddlewareTests.server(.accessTokens(verifier))
        faults.inject(.status(503, retryAfter: nil))

        // 50 requests, sequential then concurrent, distinct tokens: one call to LINE.
        for index in 0..<25 { _ = try await MiddlewareTests.call(server, token: "token-\(index)") }
        try await Self.concurrently(25) { index in
            let result = try await MiddlewareTests.call(server, token: "token-c\(index)")
            #expect(result.status == 503)
            #expect(result.header("retry-after") == "5")
        }
        #expect(faults.calls(to: Self.verify) == 1)

        // After the back-off, 25 concurrent requests: one probe.
        clock.advance(by: 5)
        try await Self.concurrently(25) { index in _ = try await MiddlewareTests.call(server, token: "token-p\(index)") }
        #expect(faults.calls(to: Self.verify) == 2)

        // Retry-After longer than the back-off is honoured; beyond five minutes it is capped.
        faults.inject(.status(429, retryAfter: "60"))
        clock.advance(by: 5)
        _ = try await MiddlewareTests.call(server, token: "probe")
        #expect(faults.calls(to: Self.verify) == 3)
        clock.advance(by: 59)
        let during = try await MiddlewareTests.call(server, token: "during")
        #expect(during.header("retry-after") == "1")
        #expect(faults.calls(to: Self.verify) == 3)
        faults.inject(.status(503, retryAfter: "Sun, 06 Nov 2094 08:49:37 GMT"))
        clock.advance(by: 1)
        _ = try await MiddlewareTests.call(server, token: "probe-2")
        #expect(faults.calls(to: Self.verify) == 4)
        clock.advance(by: 299)
        _ = try await MiddlewareTests.call(server, token: "capped")
        #expect(faults.calls(to: Self.verify) == 4)

        // LINE is back: the real token is accepted at the next probe and service resumes for everyone.
        faults.inject(nil)
        clock.advance(by: 1)
        #expect(try await MiddlewareTests.call(server, token: tokens.accessToken).status == 200)
        #expect(try await MiddlewareTests.call(server, token: tokens.accessToken).status == 200)
        await server.stop()
        faults.report()
        await fixture.stop()
    }

    @Test func aJWKSOutageCostsOneFetchPerBackOff() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let idToken = try #require(try await fixture.tokens().idToken)
        let faults = FaultInjectingTransport()
        let clock = TestClock(Date())
        let verifier = try IDTokenVerifier(
            channels: [LineChannel(channelID: EmulatorHarness.channelID)], platform: fixture.platform,
            transport: faults, clock: clock)
        let server = try await MiddlewareTests.server(.idTokens(verifier))
        faults.inject(.status(503, retryAfter: "45"))
        try await Self.concurrently(1) { _ in _ = try await MiddlewareTests.call(server, token: idToken) }
        try await Self.concurrently(40) { _ in
            let result = try await MiddlewareTests.call(server, token: idToken)
            #expect(result.status == 503)
        }
        #expect(faults.calls(to: Self.jwks) == 1)
        clock.advance(by: 44)
        _ = try await MiddlewareTests.call(server, token: idToken)
        #expect(faults.calls(to: Self.jwks) == 1, "Retry-After: 45 was not honoured")
        faults.inject(nil)
        clock.advance(by: 1)
        #expect(try await MiddlewareTests.call(server, token: idToken).status == 200)
        #expect(faults.calls(to: Self.jwks) == 2)
        await server.stop()
        faults.report()
        await fixture.stop()
    }

    @Test func aHungLINEIsA503WithinTheDeadlineNotAHang() async throws {
        // A listener that never accepts: connections complete in the kernel's backlog, requests get no answer.
        let silent = try #require(SilentListener())
        defer { silent.close() }
        let platform = LinePlatform.custom(baseURL: URL(string: "http://127.0.0.1:\(silent.port)")!)
        let verifier = try AccessTokenVerifier(channelIDs: [EmulatorHarness.channelID], platform: platform, timeout: 1)
        let server = try await MiddlewareTests.server(.accessTokens(verifier))
        let started = ContinuousClock.now
        let result = try await MiddlewareTests.call(server, token: "some-access-token")
        let elapsed = ContinuousClock.now - started
        #expect(result.status == 503)
        // The deadline is 1 s; the generous margin absorbs a slow machine, not a missing deadline (60 s).
        #expect(elapsed < .seconds(15), "took \(elapsed)")
        await server.stop()
    }

    static func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count { group.addTask { try await body(index) } }
            try await group.waitForAll()
        }
    }
}

/// A TCP listener on 127.0.0.1 that never accepts.
final class SilentListener: Sendable {
    let port: Int
    private let descriptor: Int32

    init?() {
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 64) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            closeSocket(descriptor)
            return nil
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { closeSocket(descriptor) }
}

private func closeSocket(_ descriptor: Int32) { _ = close(descriptor) }
