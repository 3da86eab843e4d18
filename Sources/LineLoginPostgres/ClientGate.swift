#if PostgreSQL
import Foundation
import OAuthEngine
import LineLoginPrimitives

/// One nonce issue per client at a time on this instance, the others waiting here, in order, rather than
/// each holding a pool connection while it waits for the client's advisory lock: a flood from one client
/// then occupies one connection, not the pool, and other clients' operations find a free one.
///
/// A wait ends with ``ClientBusy`` after `patience`, when ``waitLimit`` requests of the client already
/// wait, or when the waiting task is cancelled: a per-request refusal, never a store outage.
final class ClientGate: Sendable {
    /// The most requests of one client that wait at once; more are refused at once.
    let waitLimit: Int

    private struct Waiter: Sendable {
        let id: UInt64
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State: Sendable {
        /// The clients with an issue under way, and their waiters in arrival order.
        var clients: [Data: [Waiter]] = [:]
        var next: UInt64 = 0
    }

    private let state = LockedValue(State())

    init(waitLimit: Int = 32) {
        self.waitLimit = max(0, waitLimit)
    }

    /// Enters for `client`, after the requests ahead of it; call ``leave(_:)`` once done.
    /// - Throws: ``ClientBusy`` when the wait passed `patience`, the queue was full, or the task was cancelled.
    func enter(_ client: Data, patience: Duration) async throws(ClientBusy) {
        let id = state.withLock { state in
            defer { state.next &+= 1 }
            return state.next
        }
        let entered = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let answer = state.withLock { state -> Bool? in
                    guard !Task.isCancelled else { return false }
                    guard let queue = state.clients[client] else {
                        state.clients[client] = []
                        return true
                    }
                    guard queue.count < waitLimit else { return false }
                    state.clients[client, default: []].append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let answer {
                    continuation.resume(returning: answer)
                    return
                }
                Task {
                    try? await Task.sleep(for: patience)
                    self.giveUp(client, id)
                }
            }
        } onCancel: {
            giveUp(client, id)
        }
        guard entered else { throw ClientBusy() }
    }

    /// Leaves `client`'s turn to its next waiter, if any.
    func leave(_ client: Data) {
        let next = state.withLock { state -> Waiter? in
            guard var queue = state.clients[client] else { return nil }
            guard !queue.isEmpty else {
                state.clients[client] = nil
                return nil
            }
            let next = queue.removeFirst()
            state.clients[client] = queue
            return next
        }
        next?.continuation.resume(returning: true)
    }

    /// How many clients have an issue under way (for tests).
    var clientsInside: Int { state.withLock { $0.clients.count } }

    /// How many requests of `client` wait (for tests).
    func waiting(_ client: Data) -> Int { state.withLock { $0.clients[client]?.count ?? 0 } }

    private func giveUp(_ client: Data, _ id: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.clients[client]?.firstIndex(where: { $0.id == id }) else { return nil }
            return state.clients[client]?.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }
}

/// Another request of the same client held its turn for too long (see ``ClientGate``).
struct ClientBusy: Error, Sendable {}
#endif
