import Crypto
public import Foundation
public import LineLoginServer
public import Logging
public import OAuthEngine
public import PostgresNIO

/// A ``WebSessionStore`` in PostgreSQL, shared by every instance of a site: a session begun on one
/// instance is live on all of them, and logging out on one ends it everywhere.
///
/// It keeps the rules of ``MemoryWebSessionStore``: an allow-list that fails closed (an unknown, ended
/// or expired session is refused), and an ended session is remembered as ended until it would have
/// expired, so ``begin(_:expiresAt:)`` never makes it live again. It has no capacity: a session is begun
/// only after a sign-in at LINE, and expired rows are purged. The table holds SHA-256 digests of the
/// session IDs, never the IDs themselves.
///
/// The table is created on first use (``createsSchema``) or by the migration in docs/POSTGRES.md
/// (``schemaStatements(table:)``). Expired rows are deleted in batches of at most ``purgeBatchSize``:
/// one batch every ``purgeInterval`` operations, or whenever the app calls ``purgeExpired()``.
///
/// The app owns the `PostgresClient` and must run it (`await client.run()` in a task or a service
/// group) for as long as the store is used. Errors are ``PostgresStoreError``s, which quote no session ID.
public final class PostgresWebSessionStore: WebSessionStore {
    /// The table's default name.
    public static let defaultTable = "line_login_web_sessions"

    /// The pooled client the store queries through; the app runs it.
    public let client: PostgresClient
    /// The table, as written in SQL.
    public let table: String
    /// The most expired rows one purge deletes.
    public let purgeBatchSize: Int
    /// One purge batch runs after this many operations of this instance (0: only ``purgeExpired()``).
    public let purgeInterval: Int
    /// Whether the first operation creates the table and its index when they are missing.
    public let createsSchema: Bool

    private let name: PostgresTableName
    private let clock: (any WallClock)?
    private let logger: Logger
    private let upkeep: StoreUpkeep

    /// Creates a store on `client`.
    /// - Parameters:
    ///   - client: a `PostgresClient` the app runs (`client.run()`) while the store is in use.
    ///   - table: the table's name, optionally `schema.table`; lower-case letters, digits and underscores.
    ///   - purgeBatchSize: the most expired rows one purge deletes (at least 1).
    ///   - purgeInterval: run one purge batch after this many operations (0: never on its own).
    ///   - createsSchema: create the table on first use; `false` when a migration does it.
    ///   - clock: the time expiries are measured with; `nil` (the default) uses the database's clock, one
    ///     clock for every instance. Tests pass their own.
    ///   - logger: where the queries log.
    /// - Throws: ``PostgresStoreError`` when `table` is not a safe identifier.
    public init(
        client: PostgresClient, table: String = PostgresWebSessionStore.defaultTable,
        purgeBatchSize: Int = 500, purgeInterval: Int = 1_000, createsSchema: Bool = true,
        clock: (any WallClock)? = nil,
        logger: Logger = Logger(label: "LineLoginPostgres", factory: { _ in SwiftLogNoOpLogHandler() })
    )
        throws(PostgresStoreError)
    {
        name = try PostgresTableName(table)
        self.client = client
        self.table = table
        self.purgeBatchSize = max(1, purgeBatchSize)
        self.purgeInterval = max(0, purgeInterval)
        self.createsSchema = createsSchema
        self.clock = clock
        self.logger = logger
        upkeep = StoreUpkeep(purgeInterval: purgeInterval)
    }

    /// The statements that create the table and its index, each idempotent (`IF NOT EXISTS`): the
    /// migration docs/POSTGRES.md shows, and what the store runs on first use.
    /// - Throws: ``PostgresStoreError`` when `table` is not a safe identifier.
    public static func schemaStatements(table: String = defaultTable) throws(PostgresStoreError) -> [String] {
        let name = try PostgresTableName(table)
        return [
            """
            CREATE TABLE IF NOT EXISTS \(name.sql) (
                digest bytea PRIMARY KEY,
                expires_at timestamptz NOT NULL,
                ended boolean NOT NULL DEFAULT false
            )
            """,
            "CREATE INDEX IF NOT EXISTS \(name.base)_expires_idx ON \(name.sql) (expires_at)",
        ]
    }

    /// Remembers `id` as live until `expiresAt`, unless it was ended and has not yet expired.
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func begin(_ id: String, expiresAt: Date) async throws {
        let digest = Self.digest(id)
        let now = clock?.now()
        try await run {
            _ = try await self.client.query(
                """
                INSERT INTO \(unescaped: self.name.sql) AS session (digest, expires_at) VALUES (\(digest), \(expiresAt))
                ON CONFLICT (digest) DO UPDATE SET expires_at = EXCLUDED.expires_at, ended = false
                WHERE NOT session.ended OR session.expires_at <= COALESCE(\(now)::timestamptz, now())
                """, logger: self.logger)
        }
    }

    /// Whether `id` was begun, not ended and has not expired.
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func isActive(_ id: String) async throws -> Bool {
        let digest = Self.digest(id)
        let now = clock?.now()
        return try await run {
            let rows = try await self.client.query(
                """
                SELECT 1 FROM \(unescaped: self.name.sql)
                WHERE digest = \(digest) AND NOT ended AND expires_at > COALESCE(\(now)::timestamptz, now())
                """, logger: self.logger)
            var found = false
            for try await _ in rows { found = true }
            return found
        }
    }

    /// Ends `id`, on every instance: it stays ended until it would have expired (an unknown one is fine).
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func end(_ id: String) async throws {
        let digest = Self.digest(id)
        try await run {
            _ = try await self.client.query(
                "UPDATE \(unescaped: self.name.sql) SET ended = true WHERE digest = \(digest)", logger: self.logger)
        }
    }

    /// Deletes at most ``purgeBatchSize`` expired rows (ended ones included once they have expired); how
    /// many it deleted. An app may call this on a timer; the store also runs it every ``purgeInterval``
    /// operations.
    /// - Throws: ``PostgresStoreError`` when the database fails.
    @discardableResult
    public func purgeExpired() async throws -> Int {
        let now = clock?.now()
        return try await run { try await self.purge(now: now) }
    }

    /// How many rows the table holds, ended and expired ones included until they are purged (for tests
    /// and metrics).
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func count() async throws -> Int {
        try await run {
            let rows = try await self.client.query("SELECT count(*) FROM \(unescaped: self.name.sql)", logger: self.logger)
            var total = 0
            for try await value in rows.decode(Int.self) { total = value }
            return total
        }
    }

    /// Creates the table and its index if they are missing (what the first operation does when
    /// ``createsSchema`` is set). Instances starting together are serialized by an advisory lock.
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func createSchema() async throws {
        do {
            try await PostgresSchema.create(try Self.schemaStatements(table: table), table: name, on: client, logger: logger)
        } catch {
            throw PostgresStoreError("the web session store's schema", failedWith: error)
        }
    }

    private func purge(now: Date?) async throws -> Int {
        try await PostgresSchema.purge(table: name, batchSize: purgeBatchSize, now: now, on: client, logger: logger)
    }

    // Creates the schema first if this instance hasn't, runs `body`, then a purge batch when one is due;
    // every database error becomes a ``PostgresStoreError`` that quotes no value.
    @discardableResult
    private func run<Result: Sendable>(_ body: @Sendable () async throws -> Result) async throws(PostgresStoreError) -> Result {
        do {
            if createsSchema {
                let statements = try Self.schemaStatements(table: table)
                let (name, client, logger) = (name, client, logger)
                try await upkeep.ensureSchema {
                    try await PostgresSchema.create(statements, table: name, on: client, logger: logger)
                }
            }
            let result = try await body()
            if await upkeep.purgeIsDue() {
                // Best effort: the operation succeeded; the next due purge, or purgeExpired(), tries again.
                _ = try? await purge(now: clock?.now())
            }
            return result
        } catch {
            throw PostgresStoreError("the web session store", failedWith: error)
        }
    }

    private static func digest(_ value: String) -> Data {
        Data(SHA256.hash(data: Data(value.utf8)))
    }
}
