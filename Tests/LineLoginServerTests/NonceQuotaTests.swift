import Foundation
import NIOCore
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginHummingbird
@testable import LineLoginServerTestSupport

/// One client's requests never push out another client's pending nonce.
@Suite struct NonceQuotaTests {
    let clock = TestClock()

    @Test func aFloodFromOneClientLeavesAnotherClientsNonceUsable() async throws {
        let store = MemoryNonceStore(capacity: 100, perClientLimit: 16, clock: clock)
        let pending = try await store.issue(for: "203.0.113.7")
        for _ in 0..<10_000 { _ = try await store.issue(for: "198.51.100.66") }
        #expect(await store.count == 17)
        #expect(try await store.consume(pending))
    }

    @Test func aClientAtItsQuotaLosesItsOwnOldest() async throws {
        let store = MemoryNonceStore(perClientLimit: 2, clock: clock)
        let first = try await store.issue(for: "a")
        let second = try await store.issue(for: "a")
        let third = try await store.issue(for: "a")
        #expect(try await !store.consume(first))
        #expect(try await store.consume(second))
        #expect(try await store.consume(third))
    }

    @Test func aStoreFullOfOtherClientsNoncesRefusesInsteadOfEvicting() async throws {
        let store = MemoryNonceStore(capacity: 3, perClientLimit: 1, lifetime: 10, clock: clock)
        var pending: [String] = []
        for client in ["a", "b", "c"] { pending.append(try await store.issue(for: client)) }
        // Many clients (think IPv4 addresses) flooding: each is refused, nobody's nonce goes.
        for index in 0..<1_000 {
            await #expect(throws: NonceStoreError.self) { try await store.issue(for: "flood-\(index)") }
        }
        #expect(try await store.consume(pending[0]))
        // Room again: the next client gets one.
        _ = try await store.issue(for: "d")
        // Expired nonces make room too.
        clock.advance(by: 11)
        _ = try await store.issue(for: "e")
        #expect(try await !store.consume(pending[1]))
    }

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
