/// The bookkeeping one store instance keeps besides the database: whether it has created its schema, and
/// when its next opportunistic purge is due.
actor StoreUpkeep {
    private let purgeInterval: Int
    private var schema: Task<Void, any Error>?
    private var operations = 0

    /// Purges every `purgeInterval` operations (0: never).
    init(purgeInterval: Int) {
        self.purgeInterval = max(0, purgeInterval)
    }

    /// Runs `create` once for this instance: concurrent callers wait for the same run, and a failed run is
    /// tried again by the next caller.
    func ensureSchema(_ create: @escaping @Sendable () async throws -> Void) async throws {
        if let schema {
            do { return try await schema.value } catch {
                if self.schema == schema { self.schema = nil }
                throw error
            }
        }
        let task = Task { try await create() }
        schema = task
        do { try await task.value } catch {
            if schema == task { schema = nil }
            throw error
        }
    }

    /// Counts one operation; `true` when a purge is due.
    func purgeIsDue() -> Bool {
        guard purgeInterval > 0 else { return false }
        operations += 1
        guard operations >= purgeInterval else { return false }
        operations = 0
        return true
    }
}
