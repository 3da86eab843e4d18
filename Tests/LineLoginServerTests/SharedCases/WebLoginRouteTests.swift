#if Hummingbird && Emulator
import Testing
@testable import LineLoginServerTestSupport

/// The shared web-login route cases through LineLoginHummingbird (LineLoginVaporTests runs the same cases
/// through LineLoginVapor); the example-site peer walks the same routes over real HTTP in Chromium.
@Suite(.serialized) struct WebLoginRouteTests {
    @Test func theWebLoginRoutesOnHummingbird() async throws {
        try await WebLoginRouteCases.check(HummingbirdWebLoginFramework())
    }
}
#endif
