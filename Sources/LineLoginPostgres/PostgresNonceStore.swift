import Crypto
public import Foundation
public import LineLoginServer
public import Logging
public import OAuthEngine
public import PostgresNIO

/// A ``NonceStore`` in PostgreSQL, shared by every instance of a site: a nonce issued by one instance is
/// consumed, once, by whichever instance gets the ID token back.
///
/// It keeps the rules of ``MemoryNonceStore``: each client has at most ``perClientLimit`` pending nonces
/// and one at its quota loses its own oldest, never another client's; when ``capacity`` live nonces are
/// pending, a client with none is refused (``NonceStoreError``, a 503 at the route) rather than pushing
/// out someone's sign-in. Issuing for one client is serialized by a transaction-scoped advisory lock, so
/// the quota holds across instances; the capacity is counted without a lock and may be passed by as many
/// nonces as are issued at the same moment.
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
    public let client: PostgresClient
    /// The table, as written in SQL.
    public let table: String
    /// At most this many live nonces are pending (approximate under concurrent issuing).
    public let capacity: Int
    /// At most this many nonces are pending for one client.
    public let perClientLimit: Int
    /// How long an issued nonce stays usable, in seconds.
    public let lifetime: TimeInterval
    /// The most expired rows one purge deletes.
    public let purgeBatchSize: Int
    /// One purge batch runs after this many operations of this instance (0: only ``purgeExpired()``).
    public let purgeInterval: Int
    /// Whether the first operation creates the table and its indexes when they are missing.
    public let createsSchema: Bool

    private let name: PostgresTableName
    private let clock: (any WallClock)?
    private let random: any RandomSource
    private let logger: Logger
    private let upkeep: StoreUpkeep

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
    ///   - logger: where the queries log.
    /// - Throws: ``PostgresStoreError`` when `table` is not a safe identifier.
    public init(
        client: PostgresClient, table: String = PostgresNonceStore.defaultTable,
        capacity: Int = 100_000, perClientLimit: Int = 16, lifetime: TimeInterval = 600,
        purgeBatchSize: Int = 500, purgeInterval: Int = 1_000, createsSchema: Bool = true,
        clock: (any WallClock)? = nil, random: any RandomSource = SystemRandomSource(),
        logger: Logger = Logger(label: "LineLoginPostgres", factory: { _ in SwiftLogNoOpLogHandler() })
    )
        throws(PostgresStoreError)
    {
        name = try PostgresTableName(table)
        self.client = client
        self.table = table
        self.capacity = max(1, capacity)
        self.perClientLimit = max(1, perClientLimit)
        self.lifetime = lifetime
        self.purgeBatchSize = max(1, purgeBatchSize)
        self.purgeInterval = max(0, purgeInterval)
        self.createsSchema = createsSchema
        self.clock = clock
        self.random = random
        self.logger = logger
        upkeep = StoreUpkeep(purgeInterval: purgeInterval)
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
    /// - Throws: ``NonceStoreError`` when the store is full of other clients' pending nonces, or the
    ///   database fails.
    public func issue(for client: String) async throws(NonceStoreError) -> String {
        let nonce = Base64URL.encode(random.bytes(count: 32))
        let digest = Self.digest(nonce)
        let clientKey = Self.digest(client)
        let now = clock?.now()
        let issued = try await run {
            try await self.client.withTransaction(logger: self.logger) { connection in
                try await self.issue(digest: digest, clientKey: clientKey, now: now, on: connection)
            }
        }
        guard issued else { throw NonceStoreError("the nonce store is full; try again later") }
        return nonce
    }

    /// `true` once for an issued, unexpired nonce; the row is deleted either way, in one statement.
    /// - Throws: ``NonceStoreError`` when the database fails.
    public func consume(_ nonce: String) async throws(NonceStoreError) -> Bool {
        let digest = Self.digest(nonce)
        let now = clock?.now()
        return try await run {
            let rows = try await self.client.query(
                """
                DELETE FROM \(unescaped: self.name.sql) WHERE digest = \(digest)
                RETURNING expires_at > COALESCE(\(now)::timestamptz, now())
                """, logger: self.logger)
            var fresh = false
            for try await live in rows.decode(Bool.self) { fresh = fresh || live }
            return fresh
        }
    }

    /// Deletes at most ``purgeBatchSize`` expired rows; how many it deleted. Rows another purge is
    /// deleting at the same moment are skipped, not waited for. An app may call this on a timer; the
    /// store also runs it every ``purgeInterval`` operations.
    /// - Throws: ``NonceStoreError`` when the database fails.
    @discardableResult
    public func purgeExpired() async throws(NonceStoreError) -> Int {
        let now = clock?.now()
        return try await run { try await self.purge(now: now) }
    }

    /// How many rows the table holds, expired ones included until they are purged (for tests and metrics).
    /// - Throws: ``NonceStoreError`` when the database fails.
    public func count() async throws(NonceStoreError) -> Int {
        try await run {
            let rows = try await self.client.query("SELECT count(*) FROM \(unescaped: self.name.sql)", logger: self.logger)
            var total = 0
            for try await value in rows.decode(Int.self) { total = value }
            return total
        }
    }

    /// Creates the table and its indexes if they are missing (what the first operation does when
    /// ``createsSchema`` is set). Instances starting together are serialized by an advisory lock.
    /// - Throws: ``NonceStoreError`` when the database fails.
    public func createSchema() async throws(NonceStoreError) {
        do {
            try await PostgresSchema.create(try Self.schemaStatements(table: table), table: name, on: client, logger: logger)
        } catch {
            throw NonceStoreError(PostgresStoreError("the nonce store's schema", failedWith: error).message)
        }
    }

    // One issue inside its transaction: `false` when the store is full of other clients' nonces.
    private func issue(digest: Data, clientKey: Data, now: Date?, on connection: PostgresConnection) async throws -> Bool {
        let table = name.sql
        // One issuer per client at a time, on every instance: the quota can't be overrun by a race.
        try await connection.query(
            "SELECT pg_advisory_xact_lock(hashtext(\(table)), hashtext(encode(\(clientKey), 'hex')))",
            logger: logger)
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

    private func purge(now: Date?) async throws -> Int {
        try await PostgresSchema.purge(table: name, batchSize: purgeBatchSize, now: now, on: client, logger: logger)
    }

    // Creates the schema first if this instance hasn't, runs `body`, then a purge batch when one is due;
    // every database error becomes a ``NonceStoreError`` that quotes no value.
    private func run<Result: Sendable>(_ body: @Sendable () async throws -> Result) async throws(NonceStoreError) -> Result {
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
            throw NonceStoreError(PostgresStoreError("the nonce store", failedWith: error).message)
        }
    }

    private static func digest(_ value: String) -> Data {
        Data(SHA256.hash(data: Data(value.utf8)))
    }
}
