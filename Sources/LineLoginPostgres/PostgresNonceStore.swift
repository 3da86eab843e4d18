#if PostgreSQL
public import CoreMetrics
import Crypto
public import Foundation
public import LineLoginServer
public import Logging
public import OAuthEngine
public import PostgresNIO

/// A `NonceStore` in PostgreSQL, shared by every instance of a site: a nonce issued by one instance is
/// consumed, once, by whichever instance gets the ID token back.
///
/// It keeps the rules of `MemoryNonceStore`: each client has at most ``perClientLimit`` pending nonces
/// and one at its quota loses its own oldest, never another client's; when ``capacity`` live nonces are
/// pending, a client with none is refused (`NonceStoreError`, a 503 at the route) rather than pushing
/// out someone's sign-in. Issuing for one client is serialized by a transaction-scoped advisory lock, so
/// the quota holds across instances (and, on each instance, by turns taken before a connection is, so a
/// client flooding the store ties up one connection, not the pool); the capacity is counted without a
/// lock and may be passed by as many nonces as are issued at the same moment.
///
/// ``consume(_:)`` is one statement (`DELETE … RETURNING`), so of any number of concurrent consumers on
/// any number of instances exactly one sees `true`. The table holds SHA-256 digests of the nonces and of
/// the client keys, never the nonces themselves: a dump of it holds no usable nonce.
///
/// The table is created on first use (``createsSchema``) or by the migration in docs/POSTGRES.md
/// (``schemaStatements(table:)``). Expired rows are deleted in batches of at most ``purgeBatchSize``:
/// one batch every ``purgeInterval`` operations, or whenever the app calls ``purgeExpired()``.
///
/// The app owns the `PostgresClient` and must run it (`await client.run()` in a task or a service
/// group) for as long as the store is used.
public final class PostgresNonceStore: NonceStore {
    /// The table's default name.
    public static let defaultTable = "line_login_nonces"

    /// The pooled client the store queries through; the app runs it.
    public var client: PostgresClient { storage.client }
    /// The table, as written in SQL.
    public var table: String { storage.table }
    /// At most this many live nonces are pending (approximate under concurrent issuing).
    public let capacity: Int
    /// At most this many nonces are pending for one client.
    public let perClientLimit: Int
    /// How long an issued nonce stays usable, in seconds.
    public let lifetime: TimeInterval
    /// The most expired rows one purge deletes.
    public var purgeBatchSize: Int { storage.purgeBatchSize }
    /// One purge batch runs after this many operations of this instance (0: only ``purgeExpired()``).
    public var purgeInterval: Int { storage.purgeInterval }
    /// Whether the first operation creates the table and its indexes when they are missing.
    public var createsSchema: Bool { storage.createsSchema }
    /// The operation deadline: the longest an issue or a consume waits for the database before it fails
    /// (a 503 at the route, not a request held for as long as the pool waits for a connection). A
    /// connection-level failure or 3 timeouts in a row pause the store for 5 s; then one operation probes
    /// the database, and service resumes when it answers (docs/POSTGRES.md).
    public var timeout: Duration { storage.timeout }

    let storage: PostgresStoreTable
    private let random: any RandomSource
    private let gate = ClientGate()

    /// Creates a store on `client`.
    /// - Parameters:
    ///   - client: a `PostgresClient` the app runs (`client.run()`) while the store is in use.
    ///   - table: the table's name, optionally `schema.table`; lower-case letters, digits and underscores.
    ///   - capacity: the most live nonces pending at once (at least 1).
    ///   - perClientLimit: the most nonces one client may have pending (at least 1).
    ///   - lifetime: seconds a nonce stays usable (LINE's authorization code lives 10 minutes).
    ///   - purgeBatchSize: the most expired rows one purge deletes (at least 1).
    ///   - purgeInterval: run one purge batch after this many operations (0: never on its own).
    ///   - createsSchema: create the table on first use; `false` when a migration does it.
    ///   - clock: the time expiries are measured with; `nil` (the default) uses the database's clock, one
    ///     clock for every instance. Tests pass their own.
    ///   - random: the CSPRNG nonces come from.
    ///   - logger: where the queries log, and where a failed operation is logged (a warning).
    ///   - timeout: the operation deadline (default 2 s; see ``timeout``).
    ///   - metricsFactory: where failed operations are counted (`line_login_store_failures_total`
    ///     {`store`: `nonce`, `reason`}); `nil`, `MetricsSystem.factory`.
    /// - Throws: ``PostgresStoreError`` when `table` is not a safe identifier.
    public convenience init(
        client: PostgresClient, table: String = PostgresNonceStore.defaultTable,
        capacity: Int = 100_000, perClientLimit: Int = 16, lifetime: TimeInterval = 600,
        purgeBatchSize: Int = 500, purgeInterval: Int = 1_000, createsSchema: Bool = true,
        clock: (any WallClock)? = nil, random: any RandomSource = SystemRandomSource(),
        logger: Logger = Logger(label: "LineLoginPostgres", factory: { _ in SwiftLogNoOpLogHandler() }),
        timeout: Duration = .seconds(2), metricsFactory: (any MetricsFactory)? = nil
    )
        throws(PostgresStoreError)
    {
        try self.init(
            client: client, table: table, capacity: capacity, perClientLimit: perClientLimit, lifetime: lifetime,
            purgeBatchSize: purgeBatchSize, purgeInterval: purgeInterval, createsSchema: createsSchema, clock: clock, random: random,
            logger: logger, timeout: timeout, metricsFactory: metricsFactory, tuning: .standard)
    }

    /// The public initializer's store, with `tuning` (tests: the pause's clock, the purge).
    init(
        client: PostgresClient, table: String, capacity: Int, perClientLimit: Int, lifetime: TimeInterval, purgeBatchSize: Int,
        purgeInterval: Int, createsSchema: Bool, clock: (any WallClock)?, random: any RandomSource, logger: Logger, timeout: Duration,
        metricsFactory: (any MetricsFactory)?, tuning: StoreTuning
    ) throws(PostgresStoreError) {
        storage = try PostgresStoreTable(
            client: client, table: table, statements: Self.schemaStatements(table:), what: "the nonce store", metricName: "nonce",
            purgeBatchSize: purgeBatchSize, purgeInterval: purgeInterval, createsSchema: createsSchema, clock: clock, logger: logger,
            timeout: timeout, metricsFactory: metricsFactory, tuning: tuning)
        self.capacity = max(1, capacity)
        self.perClientLimit = max(1, perClientLimit)
        self.lifetime = lifetime
        self.random = random
        lockTimeout = tuning.lockTimeout ?? max(timeout / 4, .milliseconds(1))
    }

    /// The statements that create the table and its indexes, each idempotent (`IF NOT EXISTS`): the
    /// migration docs/POSTGRES.md shows, and what the store runs on first use.
    /// - Throws: ``PostgresStoreError`` when `table` is not a safe identifier.
    public static func schemaStatements(table: String = defaultTable) throws(PostgresStoreError) -> [String] {
        let name = try PostgresTableName(table)
        return [
            """
            CREATE TABLE IF NOT EXISTS \(name.sql) (
                id bigint GENERATED ALWAYS AS IDENTITY,
                digest bytea PRIMARY KEY,
                client bytea NOT NULL,
                expires_at timestamptz NOT NULL
            )
            """,
            "CREATE INDEX IF NOT EXISTS \(name.base)_client_idx ON \(name.sql) (client, id)",
            "CREATE INDEX IF NOT EXISTS \(name.base)_expires_idx ON \(name.sql) (expires_at)",
        ]
    }

    /// Issues 32 CSPRNG bytes, base64url (43 characters), to `client`.
    ///
    /// Issues for one client take turns on this instance, waiting here rather than on a pool connection,
    /// and its advisory lock is taken with `lock_timeout` = ``lockTimeout``.
    ///
    /// - Throws: `NonceStoreError` when the store is full of other clients' pending nonces, when the
    ///   client's earlier issues kept its turn or its lock past ``lockTimeout`` (that request alone fails),
    ///   or the database fails.
    public func issue(for client: String) async throws(NonceStoreError) -> String {
        let nonce = Base64URL.encode(random.bytes(count: 32))
        let digest = PostgresStoreTable.digest(nonce)
        let clientKey = PostgresStoreTable.digest(client)
        let now = storage.now
        let (gate, patience) = (gate, lockTimeout)
        let issued = try await run {
            // The client's earlier issue on this instance first, waiting here rather than on a connection.
            try await gate.enter(clientKey, patience: patience)
            defer { gate.leave(clientKey) }
            return try await self.client.withTransaction(logger: self.storage.logger) { connection in
                try await self.issue(digest: digest, clientKey: clientKey, now: now, on: connection)
            }
        }
        guard issued else { throw NonceStoreError("the nonce store is full; try again later") }
        return nonce
    }

    /// `true` once for an issued, unexpired nonce; the row is deleted either way, in one statement.
    /// - Throws: `NonceStoreError` when the database fails.
    public func consume(_ nonce: String) async throws(NonceStoreError) -> Bool {
        let digest = PostgresStoreTable.digest(nonce)
        let now = storage.now
        return try await run {
            let rows = try await self.client.query(
                """
                DELETE FROM \(unescaped: self.storage.name.sql) WHERE digest = \(digest)
                RETURNING expires_at > COALESCE(\(now)::timestamptz, now())
                """, logger: self.storage.logger)
            var fresh = false
            for try await live in rows.decode(Bool.self) { fresh = fresh || live }
            return fresh
        }
    }

    /// Deletes at most ``purgeBatchSize`` expired rows; how many it deleted. Rows another purge is
    /// deleting at the same moment are skipped, not waited for. An app may call this on a timer; the
    /// store also runs it every ``purgeInterval`` operations.
    /// - Throws: `NonceStoreError` when the database fails.
    @discardableResult
    public func purgeExpired() async throws(NonceStoreError) -> Int {
        do { return try await storage.purgeExpired() } catch { throw NonceStoreError(error.message) }
    }

    /// How many rows the table holds, expired ones included until they are purged (for tests and metrics).
    /// - Throws: `NonceStoreError` when the database fails.
    public func count() async throws(NonceStoreError) -> Int {
        do { return try await storage.count() } catch { throw NonceStoreError(error.message) }
    }

    /// Creates the table and its indexes if they are missing (what the first operation does when
    /// ``createsSchema`` is set). Instances starting together are serialized by an advisory lock.
    /// - Throws: `NonceStoreError` when the database fails.
    public func createSchema() async throws(NonceStoreError) {
        do { try await storage.createSchema() } catch { throw NonceStoreError(error.message) }
    }

    // One issue inside its transaction: `false` when the store is full of other clients' nonces.
    private func issue(digest: Data, clientKey: Data, now: Date?, on connection: PostgresConnection) async throws -> Bool {
        let (table, logger) = (storage.name.sql, storage.logger)
        // A lock wait that outlasts this fails this request alone (SQLSTATE 55P03), not the store.
        let milliseconds = "\(Int((lockTimeout / .milliseconds(1)).rounded(.up)))ms"
        for try await _ in try await connection.query("SELECT set_config('lock_timeout', \(milliseconds), true)", logger: logger) {}
        // One issuer per client at a time, on every instance: the quota can't be overrun by a race. Its row
        // is read, so a lock wait that fails fails here (the error comes after the row's description).
        let locked = try await connection.query(
            "SELECT pg_advisory_xact_lock(hashtext(\(table)), hashtext(encode(\(clientKey), 'hex')))",
            logger: logger)
        for try await _ in locked {}
        // The client's expired nonces, and those past its quota less one (room for the new one), oldest first.
        try await connection.query(
            """
            DELETE FROM \(unescaped: table) WHERE client = \(clientKey) AND (
                expires_at <= COALESCE(\(now)::timestamptz, now())
                OR id IN (SELECT id FROM \(unescaped: table)
                          WHERE client = \(clientKey) AND expires_at > COALESCE(\(now)::timestamptz, now())
                          ORDER BY id DESC OFFSET \(perClientLimit - 1)))
            """, logger: logger)
        // Live nonces overall, counted up to the capacity at most (an index scan of bounded length).
        let counted = try await connection.query(
            """
            SELECT count(*) FROM (SELECT 1 FROM \(unescaped: table)
                                  WHERE expires_at > COALESCE(\(now)::timestamptz, now()) LIMIT \(capacity)) AS live
            """, logger: logger)
        var live = 0
        for try await value in counted.decode(Int.self) { live = value }
        if live >= capacity {
            // Full: the client makes room with its own oldest nonce, or is refused.
            let dropped = try await connection.query(
                """
                DELETE FROM \(unescaped: table) WHERE id = (
                    SELECT id FROM \(unescaped: table) WHERE client = \(clientKey) ORDER BY id LIMIT 1)
                RETURNING 1
                """, logger: logger)
            var any = false
            for try await _ in dropped { any = true }
            guard any else { return false }
        }
        try await connection.query(
            """
            INSERT INTO \(unescaped: table) (digest, client, expires_at)
            VALUES (\(digest), \(clientKey), COALESCE(\(now)::timestamptz, now()) + make_interval(secs => \(lifetime)))
            """, logger: logger)
        return true
    }

    /// The longest an issue waits for the same client's earlier one, on this instance or (the advisory
    /// lock's `lock_timeout`) on any: a quarter of ``timeout``, so that a client flooding the store is
    /// refused request by request ("try again") while the deadline, and the store, stay untouched.
    public let lockTimeout: Duration

    // The store's operations, with a database failure as the ``NonceStoreError`` the protocol throws.
    private func run<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws(NonceStoreError) -> Result {
        do { return try await storage.run(body) } catch { throw NonceStoreError(error.message) }
    }
}
#endif
