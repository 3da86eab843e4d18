import LineLoginPrimitives
/// The `state` values whose redirect was already handled, so a redirect completes once and a code is
/// never sent twice (checklist: "single use … a second use is refused").
///
/// Bounded: the oldest entries are forgotten past `capacity`. A state is 256 random bits and is only
/// spendable while its attempt lives, so forgetting an old one gives an attacker nothing.
package final class SpentStates: Sendable {
    private let storage = LockedValue<(set: Set<String>, order: [String])>((set: [], order: []))
    private let capacity: Int

    /// Creates an empty registry.
    package init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// Marks `state` as spent; `false` when it already was.
    package func spend(_ state: String) -> Bool {
        storage.withLock { spent in
            guard spent.set.insert(state).inserted else { return false }
            spent.order.append(state)
            if spent.order.count > capacity { spent.set.remove(spent.order.removeFirst()) }
            return true
        }
    }
}
