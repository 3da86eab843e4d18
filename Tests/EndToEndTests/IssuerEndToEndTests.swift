#if Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginEmulator
import LineSDK
import Testing

/// An emulator started with LINE's issuer (`--issuer https://access.line.me`) and LineSDK configured with
/// `LinePlatform.custom(baseURL:issuer:)`: LINE's issuer, the emulator's endpoints.
@Suite("LineSDK against an emulator that carries LINE's issuer")
struct IssuerEndToEndTests {
    static func start() async throws -> EmulatorHarness {
        try await EmulatorHarness.start { $0.issuer = LinePlatform.production.issuer }
    }

    @Test func aClientPinningLINEsIssuerSignsInWithTheEmulatorsEndpoints() async throws {
        let harness = try await Self.start()
        defer { Task { await harness.stop() } }
        let platform = LinePlatform.custom(baseURL: harness.baseURL, issuer: LinePlatform.production.issuer)
        #expect(platform.issuer == "https://access.line.me")
        #expect(platform.tokenURL == harness.baseURL.appendingPathComponent("oauth2/v2.1/token"))
        let manager = try harness.manager(platform: platform)
        let result = try await manager.login(permissions: [.profile, .openID])
        #expect(manager.isAuthorized)
        let payload = try #require(result.accessToken.IDToken?.payload)
        #expect(payload.issuer == "https://access.line.me")
        #expect(payload.subject == harness.brown.userID)
        #expect(try await manager.api.getProfile().displayName == harness.brown.displayName)
    }

    @Test func aClientExpectingTheEmulatorsURLAsIssuerRefusesTheTokens() async throws {
        let harness = try await Self.start()
        defer { Task { await harness.stop() } }
        let manager = try harness.manager(platform: .custom(baseURL: harness.baseURL))
        await #expect(throws: (any Error).self) { _ = try await manager.login(permissions: [.profile, .openID]) }
        #expect(!manager.isAuthorized)
    }
}
#endif
