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
    private let deadline: OperationDeadline
    private let upkeep: StoreUpkeep

    init(
        client: PostgresClient, table: String, statements: (String) throws(PostgresStoreError) -> [String], what: String,
        metricName: String, purgeBatchSize: Int, purgeInterval: Int, createsSchema: Bool, clock: (any WallClock)?, logger: Logger,
        timeout: Duration, metricsFactory: (any MetricsFactory)?
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
        deadline = OperationDeadline(timeout: timeout, onFailure: { failures.report($0, $1) })
        upkeep = StoreUpkeep(purgeInterval: purgeInterval)
    }

    /// The time expiries are compared with: the store's clock, or `nil` for the database's own.
    var now: Date? { clock?.now() }

    /// Creates the schema first if this instance hasn't, runs `body`, then a purge batch when one is due;
    /// all within ``timeout``.
    @discardableResult
    func run<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws(PostgresStoreError) -> Result {
        try await deadline.run(what) { try await operation(body) }
    }

    private func operation<Result: Sendable>(_ body: @Sendable () async throws -> Result) async throws(PostgresStoreError) -> Result {
        do {
            if createsSchema {
                let (statements, name, client, logger) = (statements, name, client, logger)
                try await upkeep.ensureSchema {
                    try await PostgresSchema.create(statements, table: name, on: client, logger: logger)
                }
            }
            let result = try await body()
            if await upkeep.purgeIsDue() {
                // Best effort: the operation succeeded; the next due purge, or purgeExpired(), tries again.
                _ = try? await purge()
            }
            return result
        } catch {
            throw PostgresStoreError(what, failedWith: error)
        }
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

    /// The SHA-256 digest a store keeps instead of a value (a nonce, a session ID, a token).
    static func digest(_ value: String) -> Data {
        Data(SHA256.hash(data: Data(value.utf8)))
    }
}
