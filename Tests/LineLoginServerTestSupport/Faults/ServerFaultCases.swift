#if Server && Emulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ClientTestSupport
import Foundation
import LineLoginTesting
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

/// The fault suite, server side: the bearer decision every middleware renders (`AcceptedTokens` and
/// `BearerRefusal`), with the verifiers' calls to the emulator going through a fault injector over the
/// transport under test (`base`). Stated outcomes: while LINE is down a request is answered 503 with
/// `Retry-After` (never 401, never a hang), and LINE is asked at most once per endpoint per back-off
/// interval, whatever the number of requests. Each transport's test target runs every case.
enum ServerFaultCases {
    static let verify = "/oauth2/v2.1/verify"
    static let jwks = "/oauth2/v2.1/certs"

    static func aLINEOutageIs503WithRetryAfterNever401(fault: FaultInjectingTransport.Fault, over base: any HTTPTransport) async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let tokens = try await fixture.tokens()
        let idToken = try #require(tokens.IDToken)
        let faults = FaultInjectingTransport(base)
        let channels = [LineChannel(channelID: EmulatorHarness.channelID)]
        let verifiers: [(String, AcceptedTokens, String)] = [
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
            for attempt in 1...3 {
                let result = await Self.call(accepted, token: token)
                #expect(result.status == 503, "\(name), \(fault), attempt \(attempt): \(result.status) \(result.error)")
                let retryAfter = result.retryAfter
                #expect(
                    retryAfter.map { (1...300).contains($0) } == true, "\(name), \(fault): Retry-After \(String(describing: retryAfter))")
                #expect(result.error == "temporarily_unavailable")
            }
        }
        faults.report()
        await fixture.stop()
    }

    static func anOutageCostsLINEOneCallPerBackOffHoweverManyRequests(over base: any HTTPTransport) async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let tokens = try await fixture.tokens()
        let faults = FaultInjectingTransport(base)
        let clock = TestClock(Date())
        let verifier = try AccessTokenVerifier(
            channelIDs: [EmulatorHarness.channelID], platform: fixture.platform, cache: nil,
            transport: faults, clock: clock, outageBackoff: 5)
        let accepted = AcceptedTokens.accessTokens(verifier)
        faults.inject(.status(503, retryAfter: nil))

        // 50 requests, sequential then concurrent, distinct tokens: one call to LINE.
        for index in 0..<25 { _ = await Self.call(accepted, token: "token-\(index)") }
        try await Self.concurrently(25) { index in
            let result = await Self.call(accepted, token: "token-c\(index)")
            #expect(result.status == 503)
            #expect(result.retryAfter == 5)
        }
        #expect(faults.calls(to: Self.verify) == 1)

        // After the back-off, 25 concurrent requests: one probe.
        clock.advance(by: 5)
        try await Self.concurrently(25) { index in _ = await Self.call(accepted, token: "token-p\(index)") }
        #expect(faults.calls(to: Self.verify) == 2)

        // Retry-After longer than the back-off is honoured; beyond five minutes it is capped.
        faults.inject(.status(429, retryAfter: "60"))
        clock.advance(by: 5)
        _ = await Self.call(accepted, token: "probe")
        #expect(faults.calls(to: Self.verify) == 3)
        clock.advance(by: 59)
        let during = await Self.call(accepted, token: "during")
        #expect(during.retryAfter == 1)
        #expect(faults.calls(to: Self.verify) == 3)
        faults.inject(.status(503, retryAfter: "Sun, 06 Nov 2094 08:49:37 GMT"))
        clock.advance(by: 1)
        _ = await Self.call(accepted, token: "probe-2")
        #expect(faults.calls(to: Self.verify) == 4)
        clock.advance(by: 299)
        _ = await Self.call(accepted, token: "capped")
        #expect(faults.calls(to: Self.verify) == 4)

        // LINE is back: the real token is accepted at the next probe and service resumes for everyone.
        faults.inject(nil)
        clock.advance(by: 1)
        #expect(await Self.call(accepted, token: tokens.accessToken).status == 200)
        #expect(await Self.call(accepted, token: tokens.accessToken).status == 200)
        faults.report()
        await fixture.stop()
    }

    static func aJWKSOutageCostsOneFetchPerBackOff(over base: any HTTPTransport) async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let idToken = try #require(try await fixture.tokens().IDToken)
        let faults = FaultInjectingTransport(base)
        let clock = TestClock(Date())
        let verifier = try IDTokenVerifier(
            channels: [LineChannel(channelID: EmulatorHarness.channelID)], platform: fixture.platform,
            transport: faults, clock: clock)
        let accepted = AcceptedTokens.idTokens(verifier)
        faults.inject(.status(503, retryAfter: "45"))
        try await Self.concurrently(1) { _ in _ = await Self.call(accepted, token: idToken) }
        try await Self.concurrently(40) { _ in
            let result = await Self.call(accepted, token: idToken)
            #expect(result.status == 503)
        }
        #expect(faults.calls(to: Self.jwks) == 1)
        clock.advance(by: 44)
        _ = await Self.call(accepted, token: idToken)
        #expect(faults.calls(to: Self.jwks) == 1, "Retry-After: 45 was not honoured")
        faults.inject(nil)
        clock.advance(by: 1)
        #expect(await Self.call(accepted, token: idToken).status == 200)
        #expect(faults.calls(to: Self.jwks) == 2)
        faults.report()
        await fixture.stop()
    }

    static func aHungLINEIsA503WithinTheDeadlineNotAHang(over base: any HTTPTransport) async throws {
        // A listener that never accepts: connections complete in the kernel's backlog, requests get no answer.
        let silent = try #require(SilentListener())
        defer { silent.close() }
        let platform = LinePlatform.custom(baseURL: URL(string: "http://127.0.0.1:\(silent.port)")!)
        let verifier = try AccessTokenVerifier(channelIDs: [EmulatorHarness.channelID], platform: platform, transport: base, timeout: 1)
        let accepted = AcceptedTokens.accessTokens(verifier)
        let started = ContinuousClock.now
        let result = await Self.call(accepted, token: "some-access-token")
        let elapsed = ContinuousClock.now - started
        #expect(result.status == 503)
        // The deadline is 1 s; the generous margin absorbs a slow machine, not a missing deadline (60 s).
        #expect(elapsed < .seconds(30), "took \(elapsed)")
    }

    /// What a bearer middleware answers for `token`: the core's decision, which Hummingbird's and Vapor's
    /// middleware render alike (the refusal table checks the rendering).
    struct Answer: Sendable {
        var status: Int
        var retryAfter: Int?
        var error: String
    }

    static func call(_ accepted: AcceptedTokens, token: String) async -> Answer {
        do {
            _ = try await accepted.authenticate(token)
            return Answer(status: 200, retryAfter: nil, error: "")
        } catch {
            let refusal = BearerRefusal(error)
            return Answer(status: refusal.status, retryAfter: refusal.retryAfter, error: refusal.error)
        }
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
#endif
