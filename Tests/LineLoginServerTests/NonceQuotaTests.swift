#if Hummingbird && Emulator
import Foundation
import NIOCore
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginHummingbird
@testable import LineLoginServerTestSupport

/// The memory store's own bookkeeping behind the per-client quota, and the client key the routes use.
/// The quota's behaviour is in LineLoginPostgresTests' NonceQuotaTests, shared with the PostgreSQL store.
@Suite struct NonceQuotaTests {
    @Test func theLedgerKeepsBothOrdersThroughRemovals() {
        var ledger = NonceLedger()
        let digests = (0..<5).map { Data([UInt8($0)]) }
        let expiry = Date(timeIntervalSince1970: 0)
        for (index, digest) in digests.enumerated() {
            ledger.insert(digest, client: index.isMultiple(of: 2) ? "even" : "odd", expiry: expiry)
        }
        #expect(ledger.count(of: "even") == 3)
        #expect(ledger.remove(digests[2])?.client == "even")
        #expect(ledger.remove(digests[0]) != nil)
        #expect(ledger.oldest?.digest == digests[1])
        #expect(ledger.oldest(of: "even") == digests[4])
        #expect(ledger.oldest(of: "odd") == digests[1])
        #expect(ledger.remove(digests[1]) != nil)
        #expect(ledger.remove(digests[4]) != nil)
        #expect(ledger.count == 1 && ledger.oldest?.digest == digests[3])
        #expect(ledger.count(of: "even") == 0 && ledger.oldest(of: "even") == nil)
        #expect(ledger.remove(digests[4]) == nil)
    }

    @Test func theClientIsTheAddressAndAnIPv6HostsSlash64() throws {
        #expect(NonceClient.key(for: try SocketAddress(ipAddress: "192.0.2.1", port: 443)) == "192.0.2.1")
        let one = NonceClient.key(for: try SocketAddress(ipAddress: "2001:db8:1:2::1", port: 443))
        let other = NonceClient.key(for: try SocketAddress(ipAddress: "2001:db8:1:2:ffff::9", port: 80))
        #expect(one == "2001:db8:1:2::/64")
        #expect(one == other)
        #expect(NonceClient.key(for: nil) == "unknown")
    }
}
#endif
