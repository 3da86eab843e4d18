import Foundation
import LineLoginEmulator
import Testing

/// A page on a foreign domain that its DNS re-resolves to 127.0.0.1 reaches the emulator with its own name
/// as `Host` (and a matching `Origin`): the dashboard and the test controls refuse it; LINE's endpoints,
/// which hold nothing without a secret, answer as before.
@Suite struct DNSRebindingTests {
    static func configuration(dashboardHosts: Set<String> = []) -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration.default
        configuration.testControls = true
        configuration.dashboardHosts = dashboardHosts
        return configuration
    }

    @Test func theDashboardAndTheTestControlsAnswerOnlyALoopbackHost() async throws {
        try await EmulatorHarness.with(Self.configuration()) { harness in
            let port = try #require(harness.baseURL.port)
            for host in ["rebound.example:\(port)", "rebound.example", "10.1.2.3:\(port)"] {
                #expect(await RawRequest.status(port: port, "GET", "/", host: host) == 403, "dashboard under \(host)")
                #expect(await RawRequest.status(port: port, "GET", "/_emulator/stats", host: host) == 403, "stats under \(host)")
                #expect(
                    await RawRequest.status(port: port, "POST", "/_emulator/control", host: host, body: "action=expire-access-tokens")
                        == 403, "control under \(host)")
                #expect(
                    await RawRequest.status(port: port, "POST", "/_emulator/dashboard/action", host: host, body: "action=reset-clock")
                        == 403, "dashboard action under \(host)")
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST"] {
                #expect(await RawRequest.status(port: port, "GET", "/", host: host) == 200, "dashboard under \(host)")
                #expect(await RawRequest.status(port: port, "GET", "/_emulator/stats", host: host) == 200, "stats under \(host)")
            }
            // LINE's own endpoints are not the dashboard's: a client may use any name for the emulator.
            #expect(await RawRequest.status(port: port, "GET", "/.well-known/openid-configuration", host: "rebound.example") == 200)
        }
    }

    @Test func aNameAddedOnPurposeIsAnswered() async throws {
        try await EmulatorHarness.with(Self.configuration(dashboardHosts: ["emulator"])) { harness in
            let port = try #require(harness.baseURL.port)
            #expect(await RawRequest.status(port: port, "GET", "/", host: "emulator:\(port)") == 200)
            #expect(await RawRequest.status(port: port, "GET", "/_emulator/stats", host: "Emulator") == 200)
            #expect(await RawRequest.status(port: port, "GET", "/", host: "emulator.rebound.example") == 403)
        }
    }
}
