#if PostgreSQL
import Foundation
import Logging
import PostgresNIO

/// What the PostgreSQL stores share: creating their schema, and purging expired rows in bounded batches.
enum PostgresSchema {
    /// Runs `statements` (idempotent DDL) in one transaction, under an advisory lock on the table's name,
    /// so instances that start together create the table once and don't trip over each other's
    /// `CREATE … IF NOT EXISTS` (which alone can fail with a duplicate key when two run at once).
    static func create(
        _ statements: [String], table: PostgresTableName, on client: PostgresClient,
        logger: Logger
    ) async throws {
        try await client.withTransaction(logger: logger) { connection in
            // Read to its end, so a failed lock wait fails here rather than as the next statement's 25P02.
            for try await _ in try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(table.sql)))", logger: logger) {}
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    /// Deletes at most `batchSize` rows of `table` whose `expires_at` has passed (`now`, or the database's
    /// clock when `nil`), in one statement; rows another purge holds are skipped. How many it deleted.
    static func purge(
        table: PostgresTableName, batchSize: Int, now: Date?, on client: PostgresClient,
        logger: Logger
    ) async throws -> Int {
        let rows = try await client.query(
            """
            DELETE FROM \(unescaped: table.sql) WHERE digest IN (
                SELECT digest FROM \(unescaped: table.sql)
                WHERE expires_at <= COALESCE(\(now)::timestamptz, now())
                LIMIT \(batchSize) FOR UPDATE SKIP LOCKED)
            AND expires_at <= COALESCE(\(now)::timestamptz, now())
            RETURNING 1
            """, logger: logger)
        var deleted = 0
        for try await _ in rows { deleted += 1 }
        return deleted
    }
}
#endif
