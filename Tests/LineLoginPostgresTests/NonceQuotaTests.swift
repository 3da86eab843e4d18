#if PostgreSQL && Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginServer
import OAuthEngine
import Testing
@testable import LineLoginServerTestSupport

/// One client's requests never push out another client's pending nonce: for every ``NonceStore``.
@Suite struct NonceQuotaTests {
    let clock = TestClock()

    @Test(arguments: StoreKind.all) func aFloodFromOneClientLeavesAnotherClientsNonceUsable(_ kind: StoreKind) async throws {
        let flood = kind.flood(10_000, postgres: 300)
        try await kind.withNonceStore(capacity: 100, perClientLimit: 16, clock: clock) { store, count in
            let pending = try await store.issue(for: "203.0.113.7")
            for _ in 0..<flood { _ = try await store.issue(for: "198.51.100.66") }
            #expect(try await count() == 17)
            #expect(try await store.consume(pending))
        }
    }

    @Test(arguments: StoreKind.all) func aClientAtItsQuotaLosesItsOwnOldest(_ kind: StoreKind) async throws {
        try await kind.withNonceStore(perClientLimit: 2, clock: clock) { store, _ in
            let first = try await store.issue(for: "a")
            let second = try await store.issue(for: "a")
            let third = try await store.issue(for: "a")
            #expect(try await !store.consume(first))
            #expect(try await store.consume(second))
            #expect(try await store.consume(third))
        }
    }

    @Test(arguments: StoreKind.all) func aStoreFullOfOtherClientsNoncesRefusesInsteadOfEvicting(_ kind: StoreKind) async throws {
        let flood = kind.flood(1_000, postgres: 100)
        try await kind.withNonceStore(capacity: 3, perClientLimit: 1, lifetime: 10, clock: clock) { [clock] store, _ in
            var pending: [String] = []
            for client in ["a", "b", "c"] { pending.append(try await store.issue(for: client)) }
            // Many clients (think IPv4 addresses) flooding: each is refused, nobody's nonce goes.
            for index in 0..<flood {
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
    }
}
#endif
