#if PostgreSQL && Emulator
import Foundation
import OAuthEngine
import Testing
import LineLoginPrimitives

@testable import LineLoginPostgres

/// One nonce issue per client at a time on an instance, the others waiting in the gate rather than on a
/// pool connection; a wait that can't be served ends as a per-request refusal.
@Suite(.timeLimit(.minutes(1)))
struct ClientGateTests {
    let alice = Data("alice".utf8)
    let bob = Data("bob".utf8)

    @Test func oneRequestPerClientAtATimeInArrivalOrderAndOtherClientsPassFreely() async throws {
        let gate = ClientGate()
        try await gate.enter(alice, patience: .seconds(3_600))
        try await gate.enter(bob, patience: .seconds(3_600)) // another client is not held up
        let order = LockedValue<[Int]>([])
        var waiters: [Task<Void, any Error>] = []
        for index in 0..<3 {
            waiters.append(
                Task {
                    try await gate.enter(alice, patience: .seconds(3_600))
                    order.withLock { $0.append(index) }
                    gate.leave(alice)
                })
            // Each waiter queued before the next starts, so the arrival order is known.
            await eventually("waiter \(index) queued") { gate.waiting(alice) == index + 1 }
        }
        #expect(order.current.isEmpty, "alice's first request still holds her turn")
        gate.leave(alice)
        for waiter in waiters { try await waiter.value }
        #expect(order.current == [0, 1, 2])
        gate.leave(bob)
        #expect(gate.clientsInside == 0)
    }

    @Test func aWaitThatOutlastsItsPatienceIsRefused() async throws {
        let gate = ClientGate()
        try await gate.enter(alice, patience: .seconds(1))
        await #expect(throws: ClientBusy.self) { try await gate.enter(alice, patience: .milliseconds(20)) }
        #expect(gate.waiting(alice) == 0, "the refused waiter is gone")
        gate.leave(alice)
        try await gate.enter(alice, patience: .milliseconds(20)) // free again
        gate.leave(alice)
    }

    @Test func waitersBeyondTheLimitAreRefusedAtOnce() async throws {
        let gate = ClientGate(waitLimit: 2)
        try await gate.enter(alice, patience: .seconds(3_600))
        let waiters = (0..<2).map { _ in Task { try await gate.enter(alice, patience: .seconds(3_600)) } }
        await eventually("two waiters queued") { gate.waiting(alice) == 2 }
        await #expect(throws: ClientBusy.self) { try await gate.enter(alice, patience: .seconds(3_600)) }
        for waiter in waiters { waiter.cancel() }
        gate.leave(alice)
    }

    @Test func aCancelledWaiterLeavesTheQueueAtOnce() async throws {
        let gate = ClientGate()
        try await gate.enter(alice, patience: .seconds(3_600))
        let waiter = Task { try await gate.enter(alice, patience: .seconds(3_600)) }
        await eventually("queued") { gate.waiting(alice) == 1 }
        waiter.cancel()
        await #expect(throws: ClientBusy.self) { try await waiter.value }
        #expect(gate.waiting(alice) == 0)
        gate.leave(alice)
        #expect(gate.clientsInside == 0)
    }
}
#endif
