#if PostgreSQL && Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginServer
import OAuthEngine
import Testing
@testable import LineLoginServerTestSupport

/// What every ``NonceStore`` must do, run for the memory store and the PostgreSQL one.
@Suite struct NonceStoreTests {
    let clock = TestClock()

    @Test(arguments: StoreKind.all) func issuesUnguessableURLSafeNonces(_ kind: StoreKind) async throws {
        try await kind.withNonceStore(clock: clock) { store, _ in
            var seen = Set<String>()
            for _ in 0..<100 {
                let nonce = try await store.issue(for: "client")
                #expect(nonce.count == 43)
                #expect(nonce.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
                seen.insert(nonce)
            }
            #expect(seen.count == 100)
        }
    }

    @Test(arguments: StoreKind.all) func aNonceIsConsumedOnceAndReplayIsRefused(_ kind: StoreKind) async throws {
        try await kind.withNonceStore(clock: clock) { store, count in
            let nonce = try await store.issue(for: "client")
            #expect(try await store.consume(nonce))
            #expect(try await !store.consume(nonce))
            #expect(try await count() == 0)
        }
    }

    @Test(arguments: StoreKind.all) func unknownNoncesAreRefused(_ kind: StoreKind) async throws {
        try await kind.withNonceStore(clock: clock) { store, _ in
            _ = try await store.issue(for: "client")
            #expect(try await !store.consume("never-issued"))
            #expect(try await !store.consume(""))
        }
    }

    @Test(arguments: StoreKind.all) func entriesExpire(_ kind: StoreKind) async throws {
        try await kind.withNonceStore(lifetime: 600, clock: clock) { [clock] store, _ in
            let early = try await store.issue(for: "client")
            clock.advance(by: 300)
            let late = try await store.issue(for: "client")
            clock.advance(by: 301)
            #expect(try await !store.consume(early), "601 s old")
            #expect(try await store.consume(late), "301 s old")
        }
    }

    @Test(arguments: StoreKind.all) func isBoundedAndDropsTheOldestFirst(_ kind: StoreKind) async throws {
        try await kind.withNonceStore(capacity: 3, clock: clock) { store, count in
            var nonces: [String] = []
            for _ in 0..<5 { nonces.append(try await store.issue(for: "client")) }
            #expect(try await count() == 3)
            #expect(try await !store.consume(nonces[0]))
            #expect(try await !store.consume(nonces[1]))
            #expect(try await store.consume(nonces[2]))
            #expect(try await store.consume(nonces[4]))
        }
    }

    @Test(arguments: StoreKind.all) func expiredEntriesMakeRoomBeforeLiveOnesAreDropped(_ kind: StoreKind) async throws {
        try await kind.withNonceStore(capacity: 2, lifetime: 10, clock: clock) { [clock] store, count in
            _ = try await store.issue(for: "client")
            clock.advance(by: 5)
            let live = try await store.issue(for: "client")
            clock.advance(by: 6) // the first has expired, `live` has not
            let newest = try await store.issue(for: "client")
            #expect(try await count() == 2)
            #expect(try await store.consume(live))
            #expect(try await store.consume(newest))
        }
    }

    @Test(arguments: StoreKind.all) func staysBoundedUnderAFloodOfIssueAndConsume(_ kind: StoreKind) async throws {
        let flood = kind.flood(5_000, postgres: 300)
        try await kind.withNonceStore(capacity: 100, perClientLimit: 1_000, clock: clock) { store, count in
            for _ in 0..<flood {
                let nonce = try await store.issue(for: "client")
                #expect(try await store.consume(nonce))
            }
            for _ in 0..<flood { _ = try await store.issue(for: "client") }
            #expect(try await count() == 100)
        }
    }

    @Test(arguments: StoreKind.all) func concurrentConsumersGetOneSuccess(_ kind: StoreKind) async throws {
        try await kind.withNonceStore(clock: clock) { store, _ in
            let nonce = try await store.issue(for: "client")
            let successes = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 { group.addTask { (try? await store.consume(nonce)) ?? false } }
                var count = 0
                for await success in group where success { count += 1 }
                return count
            }
            #expect(successes == 1)
        }
    }
}
#endif
