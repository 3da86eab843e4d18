#if PostgreSQL
import OAuthEngine
import LineLoginPrimitives

/// The bookkeeping one store instance keeps besides the database: whether it has created its schema, and
/// its opportunistic purge, which runs in a task of its own (one at a time) after the operation that made
/// it due has answered, so a purge never costs a caller's operation or its deadline.
final class StoreUpkeep: Sendable {
    private struct State: Sendable {
        var schema: Task<Void, any Error>?
        var schemaReady = false
        var operations = 0
        var purge: Task<Void, Never>?
    }

    private let purgeInterval: Int
    private let state = LockedValue(State())

    /// Purges every `purgeInterval` operations (0: never).
    init(purgeInterval: Int) {
        self.purgeInterval = max(0, purgeInterval)
    }

    /// Whether this instance has created its schema.
    var schemaIsReady: Bool { state.withLock { $0.schemaReady } }

    /// Runs `create` once for this instance: concurrent callers wait for the same run, and a failed run is
    /// tried again by the next caller.
    func ensureSchema(_ create: @escaping @Sendable () async throws -> Void) async throws {
        let run = state.withLock { state -> Task<Void, any Error>? in
            if state.schemaReady { return nil }
            if let schema = state.schema { return schema }
            let schema = Task { try await create() }
            state.schema = schema
            return schema
        }
        guard let run else { return }
        do {
            try await run.value
            state.withLock { $0.schemaReady = true }
        } catch {
            state.withLock { if $0.schema == run { $0.schema = nil } }
            throw error
        }
    }

    /// Counts one operation that answered; when a purge is due and none is running, starts `purge` in a
    /// task of its own and returns at once. (A due purge while one runs is skipped: the next is due
    /// `purgeInterval` operations later.)
    func operationAnswered(purge: @escaping @Sendable () async -> Void) {
        guard purgeInterval > 0 else { return }
        state.withLock { state in
            state.operations += 1
            guard state.operations >= purgeInterval else { return }
            state.operations = 0
            guard state.purge == nil else { return }
            state.purge = Task {
                await purge()
                self.state.withLock { $0.purge = nil }
            }
        }
    }

    /// Returns once the purge running now, if any, has ended (for tests and orderly shutdowns).
    func purgeSettled() async {
        await state.withLock { $0.purge }?.value
    }
}
#endif
