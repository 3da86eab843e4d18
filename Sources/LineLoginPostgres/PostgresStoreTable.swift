#if PostgreSQL
import CoreMetrics
import Crypto
import Foundation
import Logging
import OAuthEngine
import PostgresNIO

/// What every PostgreSQL store does alike, in one place: its table and settings, creating the schema on
/// first use, an opportunistic purge of expired rows every so many operations, counting, the operation
/// deadline (``OperationDeadline``, with its failures logged and counted), and turning any database error
/// into a ``PostgresStoreError`` that quotes no value.
struct PostgresStoreTable: Sendable {
    let client: PostgresClient
    let name: PostgresTableName
    /// The table, as written in SQL.
    let table: String
    let statements: [String]
    let purgeBatchSize: Int
    let purgeInterval: Int
    let createsSchema: Bool
    let clock: (any WallClock)?
    let logger: Logger
    /// What the store is called in errors ("the nonce store").
    let what: String
    /// The operation deadline: the longest one operation may take.
    var timeout: Duration { deadline.timeout }
    let deadline: OperationDeadline
    let upkeep: StoreUpkeep
    private let purgeOverride: (@Sendable () async throws -> Int)?

    init(
        client: PostgresClient, table: String, statements: (String) throws(PostgresStoreError) -> [String], what: String,
        metricName: String, purgeBatchSize: Int, purgeInterval: Int, createsSchema: Bool, clock: (any WallClock)?, logger: Logger,
        timeout: Duration, metricsFactory: (any MetricsFactory)?, tuning: StoreTuning
    ) throws(PostgresStoreError) {
        name = try PostgresTableName(table)
        self.statements = try statements(table)
        self.client = client
        self.table = table
        self.what = what
        self.purgeBatchSize = max(1, purgeBatchSize)
        self.purgeInterval = max(0, purgeInterval)
        self.createsSchema = createsSchema
        self.clock = clock
        self.logger = logger
        let failures = StoreFailures(store: metricName, logger: logger, factory: metricsFactory ?? MetricsSystem.factory)
        deadline = OperationDeadline(tuning.policy(timeout: timeout), clock: tuning.clock, onFailure: { failures.report($0, $1) })
        upkeep = StoreUpkeep(purgeInterval: purgeInterval)
        purgeOverride = tuning.purge
    }

    /// The time expiries are compared with: the store's clock, or `nil` for the database's own.
    var now: Date? { clock?.now() }

    /// Runs `body` within the operation deadline, after creating the schema if this instance hasn't (under
    /// a deadline of its own, so a first use doesn't eat the operation's). A purge that falls due runs
    /// afterwards in a task of its own: it never delays the answer or counts against the deadline.
    @discardableResult
    func run<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws(PostgresStoreError) -> Result {
        if createsSchema, !upkeep.schemaIsReady {
            let (statements, name, client, logger, upkeep) = (statements, name, client, logger, upkeep)
            try await deadline.run(what) {
                try await upkeep.ensureSchema { try await PostgresSchema.create(statements, table: name, on: client, logger: logger) }
            }
        }
        let result = try await deadline.run(what, body)
        let (deadline, table) = (deadline, self)
        upkeep.operationAnswered {
            // Best effort, and not while the database isn't answering: the next due purge, or purgeExpired(),
            // tries again.
            guard deadline.isServing else { return }
            _ = try? await table.purgeBatch()
        }
        return result
    }

    /// Deletes at most ``purgeBatchSize`` expired rows; how many it deleted.
    func purgeExpired() async throws(PostgresStoreError) -> Int {
        try await run { try await self.purge() }
    }

    /// How many rows the table holds, expired ones included until they are purged.
    func count() async throws(PostgresStoreError) -> Int {
        try await run {
            let rows = try await self.client.query("SELECT count(*) FROM \(unescaped: self.name.sql)", logger: self.logger)
            var total = 0
            for try await value in rows.decode(Int.self) { total = value }
            return total
        }
    }

    /// Creates the table and its indexes if they are missing, under an advisory lock.
    func createSchema() async throws(PostgresStoreError) {
        do {
            try await PostgresSchema.create(statements, table: name, on: client, logger: logger)
        } catch {
            throw PostgresStoreError("\(what)'s schema", failedWith: error)
        }
    }

    private func purge() async throws -> Int {
        try await PostgresSchema.purge(table: name, batchSize: purgeBatchSize, now: now, on: client, logger: logger)
    }

    /// The opportunistic purge: one batch, or what a test put in its place.
    private func purgeBatch() async throws -> Int {
        if let purgeOverride { return try await purgeOverride() }
        return try await purge()
    }

    /// The SHA-256 digest a store keeps instead of a value (a nonce, a session ID, a token).
    static func digest(_ value: String) -> Data {
        Data(SHA256.hash(data: Data(value.utf8)))
    }
}
#endif
