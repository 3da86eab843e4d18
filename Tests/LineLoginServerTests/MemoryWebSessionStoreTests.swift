import Foundation
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

/// The live sessions of one process: bounded, and an ended session is never live again.
@Suite struct MemoryWebSessionStoreTests {
    let clock = TestClock()

    @Test func aBegunSessionIsLiveUntilItEndsOrExpires() async {
        let store = MemoryWebSessionStore(clock: clock)
        #expect(await !store.isActive("a"), "unknown: refused")
        await store.begin("a", expiresAt: clock.now().addingTimeInterval(60))
        #expect(await store.isActive("a"))
        await store.end("a")
        #expect(await !store.isActive("a"))
        await store.begin("b", expiresAt: clock.now().addingTimeInterval(60))
        clock.advance(by: 61)
        #expect(await !store.isActive("b"))
    }

    @Test func whenFullTheOldestEndsEarlyAndMemoryStaysBounded() async {
        let store = MemoryWebSessionStore(capacity: 3, clock: clock)
        for index in 0..<10_000 { await store.begin("s\(index)", expiresAt: clock.now().addingTimeInterval(600)) }
        #expect(await store.count == 3)
        #expect(await !store.isActive("s0"))
        #expect(await store.isActive("s9999"))
    }

    @Test func anEndedSessionStaysEndedWhateverElseHappens() async {
        let store = MemoryWebSessionStore(capacity: 2, clock: clock)
        await store.begin("ended", expiresAt: clock.now().addingTimeInterval(600))
        await store.end("ended")
        for index in 0..<5 { await store.begin("s\(index)", expiresAt: clock.now().addingTimeInterval(600)) }
        #expect(await !store.isActive("ended"))
    }
}

/// Review findings: an ended session is never begun again; memory stays bounded by the live sessions.
@Suite struct MemoryWebSessionStoreEdgeTests {
    let clock = TestClock()

    @Test func anEndedSessionCannotBeBegunAgainUntilItWouldHaveExpired() async {
        let store = MemoryWebSessionStore(clock: clock)
        await store.begin("s", expiresAt: clock.now().addingTimeInterval(600))
        await store.end("s")
        await store.begin("s", expiresAt: clock.now().addingTimeInterval(600))
        #expect(await !store.isActive("s"), "a cookie re-issued for a logged-out session stays refused")
    }

    @Test func anIdleExpiredSessionDoesNotPinTheBookkeeping() async {
        let store = MemoryWebSessionStore(capacity: 100, clock: clock)
        await store.begin("forgotten", expiresAt: clock.now().addingTimeInterval(1))
        clock.advance(by: 2)
        for index in 0..<5_000 {
            await store.begin("s\(index)", expiresAt: clock.now().addingTimeInterval(600))
            await store.end("s\(index)")
        }
        #expect(await store.count <= 1)
    }
}
