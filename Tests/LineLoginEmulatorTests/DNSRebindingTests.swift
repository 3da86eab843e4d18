#if Emulator
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

    @Test func theDashboardAndTheTestControlsAnswerOnlyALoopbackHostOrAnAddress() async throws {
        try await EmulatorHarness.with(Self.configuration()) { harness in
            let port = try #require(harness.baseURL.port)
            // Names the attacker's DNS may answer, and `localhost.` (a name compared as written).
            for host in ["rebound.example:\(port)", "rebound.example", "127.0.0.1.rebound.example", "localhost.:\(port)", "localhost."] {
                #expect(await RawRequest.status(port: port, "GET", "/", host: host) == 403, "dashboard under \(host)")
                #expect(await RawRequest.status(port: port, "GET", "/_emulator/stats", host: host) == 403, "stats under \(host)")
                #expect(
                    await RawRequest.status(port: port, "POST", "/_emulator/control", host: host, body: "action=expire-access-tokens")
                        == 403, "control under \(host)")
                #expect(
                    await RawRequest.status(port: port, "POST", "/_emulator/dashboard/action", host: host, body: "action=reset-clock")
                        == 403, "dashboard action under \(host)")
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)", "[::1]"] {
                #expect(await RawRequest.status(port: port, "GET", "/", host: host) == 200, "dashboard under \(host)")
                #expect(await RawRequest.status(port: port, "GET", "/_emulator/stats", host: host) == 200, "stats under \(host)")
            }
            // No Host at all (HTTP/1.0 clients): passes; a browser always sends one, so no page can do this.
            #expect(await RawRequest.status(port: port, "GET", "/", host: nil) == 200, "dashboard without Host")
            #expect(await RawRequest.status(port: port, "GET", "/_emulator/stats", host: nil) == 200, "stats without Host")
            // LINE's own endpoints are not the dashboard's: a client may use any name for the emulator.
            #expect(await RawRequest.status(port: port, "GET", "/.well-known/openid-configuration", host: "rebound.example") == 200)
        }
    }

    /// `emulator --host 0.0.0.0` or a LAN address: the dashboard is reached (and printed) as
    /// `http://<address>:<port>/`. An IP literal was never resolved, so it can't be a rebound name.
    @Test func theDashboardAnswersUnderTheAddressItIsReachedAt() async throws {
        let emulator = LineLoginEmulator(configuration: Self.configuration())
        let baseURL = try await emulator.start(host: "0.0.0.0")
        let port = try #require(baseURL.port)
        for host in ["10.1.2.3:\(port)", "192.168.1.5:\(port)", "[fd00::5]:\(port)", "[2001:db8::1]"] {
            #expect(await RawRequest.status(port: port, "GET", "/", host: host) == 200, "dashboard under \(host)")
            #expect(await RawRequest.status(port: port, "GET", "/_emulator/stats", host: host) == 200, "stats under \(host)")
        }
        #expect(await RawRequest.status(port: port, "GET", "/", host: "lan-box.rebound.example:\(port)") == 403)
        await emulator.shutdown()
    }

    @Test func aNameAddedOnPurposeIsAnswered() async throws {
        try await EmulatorHarness.with(Self.configuration(dashboardHosts: ["emulator"])) { harness in
            let port = try #require(harness.baseURL.port)
            #expect(await RawRequest.status(port: port, "GET", "/", host: "emulator:\(port)") == 200)
            #expect(await RawRequest.status(port: port, "GET", "/_emulator/stats", host: "Emulator") == 200)
            #expect(await RawRequest.status(port: port, "GET", "/", host: "emulator.rebound.example") == 403)
        }
    }

    /// `--dashboard-host emulator:8400`, as a compose file would write it: the name matches with any port.
    @Test func aNameAddedWithItsPortIsAnswered() async throws {
        try await EmulatorHarness.with(Self.configuration(dashboardHosts: ["emulator:8400"])) { harness in
            let port = try #require(harness.baseURL.port)
            #expect(await RawRequest.status(port: port, "GET", "/", host: "emulator:8400") == 200)
            #expect(await RawRequest.status(port: port, "GET", "/", host: "emulator:\(port)") == 200)
            #expect(await RawRequest.status(port: port, "GET", "/", host: "emulator.rebound.example:8400") == 403)
        }
    }
}
#endif
