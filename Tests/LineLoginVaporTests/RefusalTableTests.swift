#if Vapor && Emulator
import Testing
@testable import LineLoginServerTestSupport

/// The shared refusal table through LineLoginVapor's middleware: the same cases as the Hummingbird glue's.
struct RefusalTableTests {
    @Test func theRefusalTableOnVapor() async throws {
        try await RefusalTableCases.check(VaporBearerFramework())
    }

    @Test func aRememberedTokenOnVapor() async throws {
        try await RememberedTokenCases.check(VaporBearerFramework())
    }
}
#endif
