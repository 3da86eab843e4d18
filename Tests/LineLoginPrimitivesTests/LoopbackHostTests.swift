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
}
