#if Hummingbird && Emulator
import Testing
@testable import LineLoginServerTestSupport

/// The shared refusal table through LineLoginHummingbird's middleware (LineLoginVaporTests runs the same
/// cases through LineLoginVapor's).
struct RefusalTableTests {
    @Test func theRefusalTableOnHummingbird() async throws {
        try await RefusalTableCases.check(HummingbirdBearerFramework())
    }

    @Test func aRememberedTokenOnHummingbird() async throws {
        try await RememberedTokenCases.check(HummingbirdBearerFramework())
    }
}
#endif
