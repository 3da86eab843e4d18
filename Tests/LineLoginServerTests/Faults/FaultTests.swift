#if Hummingbird && Emulator
import OAuthEngine
import Testing
@testable import LineLoginServerTestSupport

/// The fault suite over `URLSessionTransport` (LineSDK's and the CLI's transport, and the server kit's
/// default); LineLoginAsyncHTTPClientTests runs the same cases over `AsyncHTTPClientTransport`.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ClientFaultTests {
    @Test(arguments: FaultInjectingTransport.outages)
    func storedTokensSurviveEveryOutage(fault: FaultInjectingTransport.Fault) async throws {
        try await ClientFaultCases.storedTokensSurviveEveryOutage(fault: fault, over: URLSessionTransport())
    }

    @Test(arguments: FaultInjectingTransport.outages)
    func aLoginWhoseExchangeFailsStoresNothingAndCanBeRetried(fault: FaultInjectingTransport.Fault) async throws {
        try await ClientFaultCases.aLoginWhoseExchangeFailsStoresNothingAndCanBeRetried(fault: fault, over: URLSessionTransport())
    }

    @Test(arguments: ClientFaultCases.revokeOutages)
    func logoutDuringAnOutageStillSignsOutLocally(fault: FaultInjectingTransport.Fault) async throws {
        try await ClientFaultCases.logoutDuringAnOutageStillSignsOutLocally(fault: fault, over: URLSessionTransport())
    }

    @Test func aFailingEndpointIsLeftAloneForTheBackOffAndRetryAfterIsHonoured() async throws {
        try await ClientFaultCases.aFailingEndpointIsLeftAloneForTheBackOffAndRetryAfterIsHonoured(over: URLSessionTransport())
    }

    @Test func aBackedOffCallIsATransientErrorThatSaysSo() async throws {
        try await ClientFaultCases.aBackedOffCallIsATransientErrorThatSaysSo(over: URLSessionTransport())
    }
}

@Suite(.serialized, .timeLimit(.minutes(5))) struct ServerFaultTests {
    @Test(arguments: FaultInjectingTransport.outages)
    func aLINEOutageIs503WithRetryAfterNever401(fault: FaultInjectingTransport.Fault) async throws {
        try await ServerFaultCases.aLINEOutageIs503WithRetryAfterNever401(fault: fault, over: URLSessionTransport())
    }

    @Test func anOutageCostsLINEOneCallPerBackOffHoweverManyRequests() async throws {
        try await ServerFaultCases.anOutageCostsLINEOneCallPerBackOffHoweverManyRequests(over: URLSessionTransport())
    }

    @Test func aJWKSOutageCostsOneFetchPerBackOff() async throws {
        try await ServerFaultCases.aJWKSOutageCostsOneFetchPerBackOff(over: URLSessionTransport())
    }

    @Test func aHungLINEIsA503WithinTheDeadlineNotAHang() async throws {
        try await ServerFaultCases.aHungLINEIsA503WithinTheDeadlineNotAHang(over: URLSessionTransport())
    }
}
#endif
