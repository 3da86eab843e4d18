#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

/// The live sessions of one process are bounded. What every session store must do (an ended session is
/// never live again…) is in LineLoginPostgresTests' WebSessionStoreTests, shared with the PostgreSQL store.
@Suite struct MemoryWebSessionStoreTests {
    let clock = TestClock()

    @Test func whenFullTheOldestEndsEarlyAndMemoryStaysBounded() async {
        let store = MemoryWebSessionStore(capacity: 3, clock: clock)
        for index in 0..<10_000 { await store.begin("s\(index)", expiresAt: clock.now().addingTimeInterval(600)) }
        #expect(await store.count == 3)
        #expect(await !store.isActive("s0"))
        #expect(await store.isActive("s9999"))
    }
}

/// Review findings: memory stays bounded by the live sessions.
@Suite struct MemoryWebSessionStoreEdgeTests {
    let clock = TestClock()

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
#endif
