#if PostgreSQL && Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginServer
import OAuthEngine
import Testing
@testable import LineLoginServerTestSupport

/// What every ``WebSessionStore`` must do, run for the memory store and the PostgreSQL one: a session is
/// live from begin until it ends or expires, and an ended session is never live again.
@Suite struct WebSessionStoreTests {
    let clock = TestClock()

    @Test(arguments: StoreKind.all) func aBegunSessionIsLiveUntilItEndsOrExpires(_ kind: StoreKind) async throws {
        try await kind.withWebSessionStore(clock: clock) { [clock] store in
            #expect(try await !store.isActive("a"), "unknown: refused")
            try await store.begin("a", expiresAt: clock.now().addingTimeInterval(60))
            #expect(try await store.isActive("a"))
            try await store.end("a")
            #expect(try await !store.isActive("a"))
            try await store.begin("b", expiresAt: clock.now().addingTimeInterval(60))
            clock.advance(by: 61)
            #expect(try await !store.isActive("b"))
        }
    }

    @Test(arguments: StoreKind.all) func anEndedSessionStaysEndedWhateverElseHappens(_ kind: StoreKind) async throws {
        try await kind.withWebSessionStore(capacity: 2, clock: clock) { [clock] store in
            try await store.begin("ended", expiresAt: clock.now().addingTimeInterval(600))
            try await store.end("ended")
            for index in 0..<5 { try await store.begin("s\(index)", expiresAt: clock.now().addingTimeInterval(600)) }
            #expect(try await !store.isActive("ended"))
        }
    }

    @Test(arguments: StoreKind.all) func anEndedSessionCannotBeBegunAgainUntilItWouldHaveExpired(_ kind: StoreKind) async throws {
        try await kind.withWebSessionStore(clock: clock) { [clock] store in
            try await store.begin("s", expiresAt: clock.now().addingTimeInterval(600))
            try await store.end("s")
            try await store.begin("s", expiresAt: clock.now().addingTimeInterval(600))
            #expect(try await !store.isActive("s"), "a cookie re-issued for a logged-out session stays refused")
        }
    }

    @Test(arguments: StoreKind.all) func endingAnUnknownSessionIsFine(_ kind: StoreKind) async throws {
        try await kind.withWebSessionStore(clock: clock) { [clock] store in
            try await store.end("never-begun")
            try await store.begin("never-begun", expiresAt: clock.now().addingTimeInterval(60))
            #expect(try await store.isActive("never-begun"), "only a live session's end is remembered")
        }
    }
}
#endif
