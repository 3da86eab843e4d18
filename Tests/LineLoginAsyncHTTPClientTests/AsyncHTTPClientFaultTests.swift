#if AsyncHTTPClient && Server && Emulator
import LineLoginAsyncHTTPClient
import OAuthEngine
import Testing
@testable import LineLoginServerTestSupport

/// The fault suite (client and server sides, the cases LineLoginServerTests runs over URLSession) over
/// `AsyncHTTPClientTransport`: the real flows against the emulator travel over AsyncHTTPClient, faults are
/// injected above it.
@Suite(.serialized, .timeLimit(.minutes(3))) struct AsyncHTTPClientFaultTests {
    /// Runs `body` over a transport of its own, shut down afterwards.
    func over(_ body: (AsyncHTTPClientTransport) async throws -> Void) async throws {
        let transport = AsyncHTTPClientTransport()
        do { try await body(transport) } catch {
            try? await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }

    @Test(arguments: FaultInjectingTransport.outages)
    func storedTokensSurviveEveryOutage(fault: FaultInjectingTransport.Fault) async throws {
        try await over { try await ClientFaultCases.storedTokensSurviveEveryOutage(fault: fault, over: $0) }
    }

    @Test(arguments: FaultInjectingTransport.outages)
    func aLoginWhoseExchangeFailsStoresNothingAndCanBeRetried(fault: FaultInjectingTransport.Fault) async throws {
        try await over { try await ClientFaultCases.aLoginWhoseExchangeFailsStoresNothingAndCanBeRetried(fault: fault, over: $0) }
    }

    @Test(arguments: ClientFaultCases.revokeOutages)
    func logoutDuringAnOutageStillSignsOutLocally(fault: FaultInjectingTransport.Fault) async throws {
        try await over { try await ClientFaultCases.logoutDuringAnOutageStillSignsOutLocally(fault: fault, over: $0) }
    }

    @Test func aFailingEndpointIsLeftAloneForTheBackOffAndRetryAfterIsHonoured() async throws {
        try await over { try await ClientFaultCases.aFailingEndpointIsLeftAloneForTheBackOffAndRetryAfterIsHonoured(over: $0) }
    }

    @Test func aBackedOffCallIsATransientErrorThatSaysSo() async throws {
        try await over { try await ClientFaultCases.aBackedOffCallIsATransientErrorThatSaysSo(over: $0) }
    }

    @Test(arguments: FaultInjectingTransport.outages)
    func aLINEOutageIs503WithRetryAfterNever401(fault: FaultInjectingTransport.Fault) async throws {
        try await over { try await ServerFaultCases.aLINEOutageIs503WithRetryAfterNever401(fault: fault, over: $0) }
    }

    @Test func anOutageCostsLINEOneCallPerBackOffHoweverManyRequests() async throws {
        try await over { try await ServerFaultCases.anOutageCostsLINEOneCallPerBackOffHoweverManyRequests(over: $0) }
    }

    @Test func aJWKSOutageCostsOneFetchPerBackOff() async throws {
        try await over { try await ServerFaultCases.aJWKSOutageCostsOneFetchPerBackOff(over: $0) }
    }

    @Test func aHungLINEIsA503WithinTheDeadlineNotAHang() async throws {
        try await over { try await ServerFaultCases.aHungLINEIsA503WithinTheDeadlineNotAHang(over: $0) }
    }
}
#endif
