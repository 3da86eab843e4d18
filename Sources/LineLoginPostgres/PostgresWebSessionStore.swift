#if PostgreSQL
public import CoreMetrics
import Crypto
public import Foundation
public import LineLoginServer
public import Logging
public import OAuthEngine
public import PostgresNIO

/// A `WebSessionStore` in PostgreSQL, shared by every instance of a site: a session begun on one
/// instance is live on all of them, and logging out on one ends it everywhere.
///
/// It keeps the rules of `MemoryWebSessionStore`: an allow-list that fails closed (an unknown, ended
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
    public var client: PostgresClient { storage.client }
    /// The table, as written in SQL.
    public var table: String { storage.table }
    /// The most expired rows one purge deletes.
    public var purgeBatchSize: Int { storage.purgeBatchSize }
    /// One purge batch runs after this many operations of this instance (0: only ``purgeExpired()``).
    public var purgeInterval: Int { storage.purgeInterval }
    /// Whether the first operation creates the table and its index when they are missing.
    public var createsSchema: Bool { storage.createsSchema }
    /// The operation deadline: the longest a begin, a lookup or an end waits for the database before it
    /// fails (a lookup that fails counts as signed out, a begin or an end is a 503), rather than as long as
    /// the pool waits for a connection. A connection-level failure or 3 timeouts in a row pause the store
    /// for 5 s; then one operation probes the database, and service resumes when it answers
    /// (docs/POSTGRES.md).
    public var timeout: Duration { storage.timeout }

    let storage: PostgresStoreTable

    /// Creates a store on `client`.
    /// - Parameters:
    ///   - client: a `PostgresClient` the app runs (`client.run()`) while the store is in use.
    ///   - table: the table's name, optionally `schema.table`; lower-case letters, digits and underscores.
    ///   - purgeBatchSize: the most expired rows one purge deletes (at least 1).
    ///   - purgeInterval: run one purge batch after this many operations (0: never on its own).
    ///   - createsSchema: create the table on first use; `false` when a migration does it.
    ///   - clock: the time expiries are measured with; `nil` (the default) uses the database's clock, one
    ///     clock for every instance. Tests pass their own.
    ///   - logger: where the queries log, and where a failed operation is logged (a warning).
    ///   - timeout: the operation deadline (default 2 s; see ``timeout``).
    ///   - metricsFactory: where failed operations are counted (`line_login_store_failures_total`
    ///     {`store`: `web_session`, `reason`}); `nil`, `MetricsSystem.factory`.
    /// - Throws: ``PostgresStoreError`` when `table` is not a safe identifier.
    public convenience init(
        client: PostgresClient, table: String = PostgresWebSessionStore.defaultTable,
        purgeBatchSize: Int = 500, purgeInterval: Int = 1_000, createsSchema: Bool = true,
        clock: (any WallClock)? = nil,
        logger: Logger = Logger(label: "LineLoginPostgres", factory: { _ in SwiftLogNoOpLogHandler() }),
        timeout: Duration = .seconds(2), metricsFactory: (any MetricsFactory)? = nil
    )
        throws(PostgresStoreError)
    {
        try self.init(
            client: client, table: table, purgeBatchSize: purgeBatchSize, purgeInterval: purgeInterval, createsSchema: createsSchema,
            clock: clock, logger: logger, timeout: timeout, metricsFactory: metricsFactory, tuning: .standard)
    }

    /// The public initializer's store, with `tuning` (tests: the pause's clock, the purge).
    init(
        client: PostgresClient, table: String, purgeBatchSize: Int, purgeInterval: Int, createsSchema: Bool, clock: (any WallClock)?,
        logger: Logger, timeout: Duration, metricsFactory: (any MetricsFactory)?, tuning: StoreTuning
    ) throws(PostgresStoreError) {
        storage = try PostgresStoreTable(
            client: client, table: table, statements: Self.schemaStatements(table:), what: "the web session store",
            metricName: "web_session", purgeBatchSize: purgeBatchSize, purgeInterval: purgeInterval, createsSchema: createsSchema,
            clock: clock, logger: logger, timeout: timeout, metricsFactory: metricsFactory, tuning: tuning)
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
        let digest = PostgresStoreTable.digest(id)
        let now = storage.now
        try await storage.run {
            _ = try await self.client.query(
                """
                INSERT INTO \(unescaped: self.storage.name.sql) AS session (digest, expires_at) VALUES (\(digest), \(expiresAt))
                ON CONFLICT (digest) DO UPDATE SET expires_at = EXCLUDED.expires_at, ended = false
                WHERE NOT session.ended OR session.expires_at <= COALESCE(\(now)::timestamptz, now())
                """, logger: self.storage.logger)
        }
    }

    /// Whether `id` was begun, not ended and has not expired.
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func isActive(_ id: String) async throws -> Bool {
        let digest = PostgresStoreTable.digest(id)
        let now = storage.now
        return try await storage.run {
            let rows = try await self.client.query(
                """
                SELECT 1 FROM \(unescaped: self.storage.name.sql)
                WHERE digest = \(digest) AND NOT ended AND expires_at > COALESCE(\(now)::timestamptz, now())
                """, logger: self.storage.logger)
            var found = false
            for try await _ in rows { found = true }
            return found
        }
    }

    /// Ends `id`, on every instance: it stays ended until it would have expired (an unknown one is fine).
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func end(_ id: String) async throws {
        let digest = PostgresStoreTable.digest(id)
        try await storage.run {
            _ = try await self.client.query(
                "UPDATE \(unescaped: self.storage.name.sql) SET ended = true WHERE digest = \(digest)", logger: self.storage.logger)
        }
    }

    /// Deletes at most ``purgeBatchSize`` expired rows (ended ones included once they have expired); how
    /// many it deleted. An app may call this on a timer; the store also runs it every ``purgeInterval``
    /// operations.
    /// - Throws: ``PostgresStoreError`` when the database fails.
    @discardableResult
    public func purgeExpired() async throws -> Int {
        try await storage.purgeExpired()
    }

    /// How many rows the table holds, ended and expired ones included until they are purged (for tests
    /// and metrics).
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func count() async throws -> Int {
        try await storage.count()
    }

    /// Creates the table and its index if they are missing (what the first operation does when
    /// ``createsSchema`` is set). Instances starting together are serialized by an advisory lock.
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func createSchema() async throws {
        try await storage.createSchema()
    }
}
#endif
