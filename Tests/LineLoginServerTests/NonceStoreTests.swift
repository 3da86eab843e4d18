import Foundation
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

@Suite struct NonceStoreTests {
    let clock = TestClock()

    @Test func issuesUnguessableURLSafeNonces() async throws {
        let store = MemoryNonceStore(clock: clock)
        var seen = Set<String>()
        for _ in 0..<100 {
            let nonce = try await store.issue(for: "client")
            #expect(nonce.count == 43)
            #expect(nonce.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            seen.insert(nonce)
        }
        #expect(seen.count == 100)
    }

    @Test func aNonceIsConsumedOnceAndReplayIsRefused() async throws {
        let store = MemoryNonceStore(clock: clock)
        let nonce = try await store.issue(for: "client")
        #expect(try await store.consume(nonce))
        #expect(try await !store.consume(nonce))
        #expect(await store.count == 0)
    }

    @Test func unknownNoncesAreRefused() async throws {
        let store = MemoryNonceStore(clock: clock)
        _ = try await store.issue(for: "client")
        #expect(try await !store.consume("never-issued"))
        #expect(try await !store.consume(""))
    }

    @Test func entriesExpire() async throws {
        let store = MemoryNonceStore(lifetime: 600, clock: clock)
        let early = try await store.issue(for: "client")
        clock.advance(by: 300)
        let late = try await store.issue(for: "client")
        clock.advance(by: 301)
        #expect(try await !store.consume(early), "601 s old")
        #expect(try await store.consume(late), "301 s old")
    }

    @Test func isBoundedAndDropsTheOldestFirst() async throws {
        let store = MemoryNonceStore(capacity: 3, clock: clock)
        var nonces: [String] = []
        for _ in 0..<5 { nonces.append(try await store.issue(for: "client")) }
        #expect(await store.count == 3)
        #expect(try await !store.consume(nonces[0]))
        #expect(try await !store.consume(nonces[1]))
        #expect(try await store.consume(nonces[2]))
        #expect(try await store.consume(nonces[4]))
    }

    @Test func expiredEntriesMakeRoomBeforeLiveOnesAreDropped() async throws {
        let store = MemoryNonceStore(capacity: 2, lifetime: 10, clock: clock)
        _ = try await store.issue(for: "client")
        clock.advance(by: 5)
        let live = try await store.issue(for: "client")
        clock.advance(by: 6)  // the first has expired, `live` has not
        let newest = try await store.issue(for: "client")
        #expect(await store.count == 2)
        #expect(try await store.consume(live))
        #expect(try await store.consume(newest))
    }

    @Test func staysBoundedUnderAFloodOfIssueAndConsume() async throws {
        let store = MemoryNonceStore(capacity: 100, perClientLimit: 1_000, clock: clock)
        for _ in 0..<5_000 {
            let nonce = try await store.issue(for: "client")
            #expect(try await store.consume(nonce))
        }
        for _ in 0..<5_000 { _ = try await store.issue(for: "client") }
        #expect(await store.count == 100)
    }

    @Test func concurrentConsumersGetOneSuccess() async throws {
        let store = MemoryNonceStore(clock: clock)
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
