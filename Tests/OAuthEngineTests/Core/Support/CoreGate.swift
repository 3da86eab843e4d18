@testable import ClientTestSupport
import Foundation
import LineLoginPrimitives

/// A meeting point between a test and a fake it scripted. The fake calls ``pass()``: that records its
/// arrival and holds it, ignoring cancellation (like a response already on the wire), until the test
/// calls ``open()``. The test awaits ``arrival()`` to act exactly while the fake is held: no sleeps, no
/// deadlines, whatever the machine's speed.
final class CoreGate: Sendable {
    private struct State {
        var arrived = false
        var isOpen = false
        var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Marks the arrival, then waits until the gate is open.
    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (waiters, proceed) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Bool) in
                state.arrived = true
                defer { state.arrivalWaiters = [] }
                if !state.isOpen { state.held.append(continuation) }
                return (state.arrivalWaiters, state.isOpen)
            }
            for waiter in waiters { waiter.resume() }
            if proceed { continuation.resume() }
        }
    }

    /// Returns once something has called ``pass()``.
    func arrival() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let arrived = state.withLock { state -> Bool in
                if !state.arrived { state.arrivalWaiters.append(continuation) }
                return state.arrived
            }
            if arrived { continuation.resume() }
        }
    }

    /// Lets every held and future ``pass()`` through.
    func open() {
        let held = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }
}
