import LineLoginPrimitives
import Testing

/// The DNS-rebinding rule: only a loopback `Host` (or a name added on purpose) is answered.
@Suite struct LoopbackHostTests {
    @Test(arguments: [
        "127.0.0.1", "127.0.0.1:8400", "localhost", "LOCALHOST:8400", "[::1]", "[::1]:8400", "[0:0:0:0:0:0:0:1]:1",
        "127.1.2.3:80", "[0::1]",
    ])
    func loopbackHostsAreAllowed(_ host: String) {
        #expect(LoopbackHost.allows(host))
    }

    @Test(arguments: [
        "evil.example", "evil.example:8400", "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.1:8400",
        "128.0.0.1", "::1", "[::1]x", "[::1]:", "127.0.0.1:", "127.0.0.1:123456", "127.0.0.1:80a", "[::2]", "", ":8400",
        "localhost.", "0x7f.0.0.1", "127.0.0.01x", "[::ffff:127.0.0.1]", "[]",
    ])
    func everythingElseIsRefused(_ host: String) {
        #expect(!LoopbackHost.allows(host))
    }

    @Test func anAbsentHostPasses() {
        #expect(LoopbackHost.allows(nil))
    }

    @Test func addedNamesAreAllowedWithAnyPortAndCase() {
        let extra: Set<String> = ["Emulator"]
        #expect(LoopbackHost.allows("emulator:8400", extraNames: extra))
        #expect(LoopbackHost.allows("EMULATOR", extraNames: extra))
        #expect(!LoopbackHost.allows("emulator.evil.example", extraNames: extra))
        #expect(!LoopbackHost.allows("emulator:x", extraNames: extra))
    }

    /// `--dashboard-host emulator:8400`: the name given with a port still matches (by its name alone).
    @Test func addedNamesGivenWithAPortAreComparedByName() {
        let extra: Set<String> = ["emulator:8400", "[fd00::5]:8400"]
        #expect(LoopbackHost.allows("emulator:8400", extraNames: extra))
        #expect(LoopbackHost.allows("emulator", extraNames: extra))
        #expect(LoopbackHost.allows("[FD00::5]:1", extraNames: extra))
        #expect(!LoopbackHost.allows("emulator.evil.example:8400", extraNames: extra))
        #expect(!LoopbackHost.allows("8400", extraNames: extra))
        #expect(LoopbackHost.hostName("emulator:8400") == "emulator")
        #expect(LoopbackHost.hostName("a:b:c") == nil)
    }

    /// With `anyAddress` (the emulator's dashboard on a LAN address or 0.0.0.0) every IP literal passes:
    /// no name was resolved, so nothing can have been rebound. Names still don't.
    @Test(arguments: ["192.168.1.5:8400", "10.0.0.1", "[fd00::5]:8400", "[2001:db8::1]", "[::]", "0.0.0.0:8400"])
    func anyAddressAllowsIPLiterals(_ host: String) {
        #expect(LoopbackHost.allows(host, anyAddress: true))
        #expect(!LoopbackHost.allows(host), "not without anyAddress: the CLI's loopback listener stays strict")
    }

    @Test(arguments: [
        "evil.example", "192.168.1.5.evil.example:8400", "localhost.", "0x7f.0.0.1", "[fe80::1%25eth0]", "[::ffff:10.0.0.1]",
        "fd00::5", "192.168.1", "[1:2:3:4:5:6:7:8:9]",
    ])
    func anyAddressStillRefusesNamesAndOddSpellings(_ host: String) {
        #expect(!LoopbackHost.allows(host, anyAddress: true))
    }
}
