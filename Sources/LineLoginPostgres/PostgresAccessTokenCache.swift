#if PostgreSQL
public import CoreMetrics
public import Foundation
public import LineLoginServer
public import Logging
public import OAuthEngine
public import PostgresNIO

/// An `AccessTokenCaching` in PostgreSQL, shared by every instance of a site: an access token LINE
/// confirmed on one instance is answered by all of them until it expires (or ``maximumAge`` passes), and
/// ``remove(token:)`` after a logout removes it everywhere.
///
/// Keyed by the token's SHA-256 digest, never the token: every instance must find the same row, so the
/// key can't be an HMAC under a per-process key as in `AccessTokenCache`; LINE access tokens carry far
/// too much entropy for a digest to be guessed or inverted. The row holds what the verifier returns (the
/// channel, scopes, expiry and the owner's profile) as JSON.
///
/// The table is created on first use (``createsSchema``) or by the migration in docs/POSTGRES.md
/// (``schemaStatements(table:)``). Expired rows are deleted in batches of at most ``purgeBatchSize``:
/// one batch every ``purgeInterval`` operations, or whenever the app calls ``purgeExpired()``.
///
/// The app owns the `PostgresClient` and must run it (`await client.run()`) while the cache is used.
/// Errors are ``PostgresStoreError``s, which quote no token; the verifier treats one as a miss and asks LINE.
public final class PostgresAccessTokenCache: AccessTokenCaching {
    /// The table's default name.
    public static let defaultTable = "line_login_access_tokens"

    /// The pooled client the cache queries through; the app runs it.
    public var client: PostgresClient { storage.client }
    /// The table, as written in SQL.
    public var table: String { storage.table }
    /// The longest an entry is served, whatever `expires_in` said (bounds how long a token revoked
    /// elsewhere keeps working here).
    public let maximumAge: TimeInterval
    /// The most expired rows one purge deletes.
    public var purgeBatchSize: Int { storage.purgeBatchSize }
    /// One purge batch runs after this many operations of this instance (0: only ``purgeExpired()``).
    public var purgeInterval: Int { storage.purgeInterval }
    /// Whether the first operation creates the table and its index when they are missing.
    public var createsSchema: Bool { storage.createsSchema }
    /// The longest a lookup or an insert may take before the verifier goes on without the cache (a cache
    /// must never be slower than asking LINE, least of all while the database is down).
    public var timeout: Duration { storage.timeout }

    let storage: PostgresStoreTable

    /// Creates a cache on `client`.
    /// - Parameters:
    ///   - client: a `PostgresClient` the app runs (`client.run()`) while the cache is in use.
    ///   - table: the table's name, optionally `schema.table`; lower-case letters, digits and underscores.
    ///   - maximumAge: seconds an entry may be served at most (default 5 minutes, as `AccessTokenCache`).
    ///   - purgeBatchSize: the most expired rows one purge deletes (at least 1).
    ///   - purgeInterval: run one purge batch after this many operations (0: never on its own).
    ///   - createsSchema: create the table on first use; `false` when a migration does it.
    ///   - clock: the time expiries are measured with; `nil` (the default) uses the database's clock. An
    ///     entry's end is computed here, with this clock or the system's; tests pass their own.
    ///   - logger: where the queries log.
    ///   - timeout: the operation deadline (default 1 s, shorter than the stores' 2 s: a cache must never be
    ///     slower than asking LINE); past it, the verifier asks LINE instead.
    ///   - metricsFactory: where failed operations are counted (`line_login_store_failures_total`
    ///     {`store`: `access_token_cache`, `reason`}); `nil`, `MetricsSystem.factory`.
    /// - Throws: ``PostgresStoreError`` when `table` is not a safe identifier.
    public convenience init(
        client: PostgresClient, table: String = PostgresAccessTokenCache.defaultTable, maximumAge: TimeInterval = 300,
        purgeBatchSize: Int = 500, purgeInterval: Int = 1_000, createsSchema: Bool = true, clock: (any WallClock)? = nil,
        logger: Logger = Logger(label: "LineLoginPostgres", factory: { _ in SwiftLogNoOpLogHandler() }),
        timeout: Duration = .seconds(1), metricsFactory: (any MetricsFactory)? = nil
    ) throws(PostgresStoreError) {
        try self.init(
            client: client, table: table, maximumAge: maximumAge, purgeBatchSize: purgeBatchSize, purgeInterval: purgeInterval,
            createsSchema: createsSchema, clock: clock, logger: logger, timeout: timeout, metricsFactory: metricsFactory, tuning: .standard)
    }

    /// The public initializer's cache, with `tuning` (tests: the pause's clock, the purge).
    init(
        client: PostgresClient, table: String, maximumAge: TimeInterval, purgeBatchSize: Int, purgeInterval: Int, createsSchema: Bool,
        clock: (any WallClock)?, logger: Logger, timeout: Duration, metricsFactory: (any MetricsFactory)?, tuning: StoreTuning
    ) throws(PostgresStoreError) {
        storage = try PostgresStoreTable(
            client: client, table: table, statements: Self.schemaStatements(table:), what: "the access-token cache",
            metricName: "access_token_cache", purgeBatchSize: purgeBatchSize, purgeInterval: purgeInterval, createsSchema: createsSchema,
            clock: clock, logger: logger, timeout: timeout, metricsFactory: metricsFactory, tuning: tuning)
        self.maximumAge = maximumAge
    }

    /// The statements that create the table and its index, each idempotent (`IF NOT EXISTS`): the
    /// migration docs/POSTGRES.md shows, and what the cache runs on first use.
    /// - Throws: ``PostgresStoreError`` when `table` is not a safe identifier.
    public static func schemaStatements(table: String = defaultTable) throws(PostgresStoreError) -> [String] {
        let name = try PostgresTableName(table)
        return [
            """
            CREATE TABLE IF NOT EXISTS \(name.sql) (
                digest bytea PRIMARY KEY,
                verified bytea NOT NULL,
                expires_at timestamptz NOT NULL
            )
            """,
            "CREATE INDEX IF NOT EXISTS \(name.base)_expires_idx ON \(name.sql) (expires_at)",
        ]
    }

    /// The remembered result for `token`, if any and unexpired.
    /// - Throws: ``PostgresStoreError`` when the database fails or a row can't be read.
    public func value(for token: String) async throws -> VerifiedAccessToken? {
        let digest = PostgresStoreTable.digest(token)
        let now = storage.now
        let data: Data? = try await storage.run {
            let rows = try await self.storage.client.query(
                """
                SELECT verified FROM \(unescaped: self.storage.name.sql)
                WHERE digest = \(digest) AND expires_at > COALESCE(\(now)::timestamptz, now())
                """, logger: self.storage.logger)
            var found: Data?
            for try await bytes in rows.decode(Data.self) { found = bytes }
            return found
        }
        guard let data else { return nil }
        do { return try JSONDecoder().decode(VerifiedAccessToken.self, from: data) } catch {
            throw PostgresStoreError("the access-token cache holds a row it can't read")
        }
    }

    /// Remembers `value` for `token` until `min(value.expiresAt, now + maximumAge)`.
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func insert(_ value: VerifiedAccessToken, for token: String) async throws {
        let now = storage.clock?.now() ?? Date()
        let expiresAt = min(value.expiresAt, now.addingTimeInterval(maximumAge))
        guard expiresAt > now else { return }
        let digest = PostgresStoreTable.digest(token)
        let data: Data
        do { data = try JSONEncoder().encode(value) } catch { throw PostgresStoreError("the access-token cache could not encode an entry") }
        try await storage.run {
            _ = try await self.storage.client.query(
                """
                INSERT INTO \(unescaped: self.storage.name.sql) (digest, verified, expires_at) VALUES (\(digest), \(data), \(expiresAt))
                ON CONFLICT (digest) DO UPDATE SET verified = EXCLUDED.verified, expires_at = EXCLUDED.expires_at
                """, logger: self.storage.logger)
        }
    }

    /// Forgets `token`, on every instance.
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func remove(token: String) async throws {
        let digest = PostgresStoreTable.digest(token)
        try await storage.run {
            _ = try await self.storage.client.query(
                "DELETE FROM \(unescaped: self.storage.name.sql) WHERE digest = \(digest)", logger: self.storage.logger)
        }
    }

    /// Deletes at most ``purgeBatchSize`` expired rows; how many it deleted.
    /// - Throws: ``PostgresStoreError`` when the database fails.
    @discardableResult
    public func purgeExpired() async throws -> Int {
        try await storage.purgeExpired()
    }

    /// How many rows the table holds, expired ones included until they are purged (for tests and metrics).
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func count() async throws -> Int {
        try await storage.count()
    }

    /// Creates the table and its index if they are missing (what the first operation does when
    /// ``createsSchema`` is set).
    /// - Throws: ``PostgresStoreError`` when the database fails.
    public func createSchema() async throws {
        try await storage.createSchema()
    }
}
#endif
