#if PostgreSQL && Emulator
import Foundation
import LineLoginPostgres
import PostgresNIO
import Testing

/// The database the PostgreSQL tests use: `LINE_LOGIN_POSTGRES_URL`, e.g.
/// `postgres://user:password@127.0.0.1:5432/database` (.ci/run starts one and sets it).
///
/// Without it the PostgreSQL tests are skipped, and say so; under `CI=true` they run anyway and fail on
/// the missing URL, so CI can't pass by skipping them.
enum PostgresTestDatabase {
    /// The configured URL, if any.
    static let url: String? = ProcessInfo.processInfo.environment["LINE_LOGIN_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// Whether this is CI, where a missing database is a failure rather than a skip.
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether the PostgreSQL tests run: a URL is set, or CI requires them (and they fail without one).
    static let runs = url != nil || isCI

    /// The configuration `url` describes (TLS off: the tests talk to a throwaway local server).
    static func configuration() throws -> PostgresClient.Configuration {
        let url = try #require(
            url, "LINE_LOGIN_POSTGRES_URL is not set, and CI=true requires the PostgreSQL tests to run")
        return try PostgresURL.configuration(url, tls: .disable)
    }

    /// Runs `body` with `count` clients, each its own pool (of at most `maximumConnections`, PostgresNIO's
    /// 20 by default) as a separate instance of a site would have, running while `body` does.
    static func withClients<Result: Sendable>(
        _ count: Int = 1, maximumConnections: Int? = nil, _ body: @Sendable ([PostgresClient]) async throws -> Result
    ) async throws -> Result {
        var configuration = try configuration()
        if let maximumConnections { configuration.options.maximumConnections = maximumConnections }
        let clients = (0..<count).map { _ in PostgresClient(configuration: configuration) }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients { group.addTask { await client.run() } }
            defer { group.cancelAll() }
            return try await body(clients)
        }
    }

    /// A table name no other test uses, so tests run in parallel on one database.
    static func uniqueTable(_ kind: String) -> String {
        "test_\(kind)_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
    }

    /// Runs `body` with one client and a table name of its own (``uniqueTable(_:)``), dropping the table
    /// afterwards whether `body` succeeded or not.
    static func withTable(_ kind: String, _ body: @Sendable (PostgresClient, String) async throws -> Void) async throws {
        try await withClients { clients in
            let table = uniqueTable(kind)
            do {
                try await body(clients[0], table)
            } catch {
                try? await drop(table, on: clients[0])
                throw error
            }
            try await drop(table, on: clients[0])
        }
    }

    /// Drops `table` (a name from ``uniqueTable(_:)``).
    static func drop(_ table: String, on client: PostgresClient) async throws {
        try await client.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table)"))
    }
}
#endif
