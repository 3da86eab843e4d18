import Foundation
import InMemoryLogging
import LineLoginServer
import Logging
import MetricsTestKit
import PostgresNIO
import Testing

@testable import LineLoginPostgres
@testable import TransportTestSupport

/// A database that accepts connections and never answers (what a stopped or wedged PostgreSQL looks like
/// behind a proxy): every store answers within its operation deadline, logs and counts the failure, and
/// serves again once the database answers, without a restart. The shared CI cluster is never stopped:
/// the outage is a listener of the test's own.
@Suite(.timeLimit(.minutes(3)))
struct DatabaseOutageTests {
    let metrics = TestMetrics()
    let logs = InMemoryLogHandler()

    var logger: Logger {
        var logger = Logger(label: "test", factory: { _ in logs })
        logger.logLevel = .debug
        return logger
    }

    func failures(_ store: String, _ reason: String) -> Int64 {
        metrics.counterTotal(label: "line_login_store_failures_total", dimensions: [("store", store), ("reason", reason)])
    }

    /// A client of `port` on 127.0.0.1 (any credentials: nothing answers, or the real server's are used).
    static func configuration(port: Int, like real: PostgresClient.Configuration? = nil) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: "127.0.0.1", port: port, username: real?.username ?? "line_login", password: real?.password,
            database: real?.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(3)
        return configuration
    }

    /// Runs `body` with a client of `configuration`, running while `body` does.
    static func withClient(_ configuration: PostgresClient.Configuration, _ body: @Sendable (PostgresClient) async throws -> Void)
        async throws
    {
        let client = PostgresClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await body(client)
        }
    }

    @Test func aDatabaseThatNeverAnswersFailsEveryStoreWithinTheDeadlineLoggedAndCounted() async throws {
        let silent = try #require(MisbehavingServer(.hang))
        defer { silent.stop() }
        try await Self.withClient(Self.configuration(port: silent.port)) { client in
            let nonces = try PostgresNonceStore(
                client: client, table: "outage_nonces", logger: logger, timeout: .milliseconds(300), metricsFactory: metrics)
            let sessions = try PostgresWebSessionStore(
                client: client, table: "outage_sessions", logger: logger, timeout: .milliseconds(300), metricsFactory: metrics)
            let cache = try PostgresAccessTokenCache(
                client: client, table: "outage_cache", logger: logger, timeout: .milliseconds(300), metricsFactory: metrics)
            #expect(nonces.timeout == .milliseconds(300) && sessions.timeout == .milliseconds(300))

            let started = ContinuousClock.now
            await #expect(throws: NonceStoreError.self) { _ = try await nonces.issue(for: "client") }
            await #expect(throws: PostgresStoreError.self) { _ = try await sessions.isActive("session") }
            await #expect(throws: PostgresStoreError.self) { _ = try await cache.value(for: "token") }
            // Behaviour, not speed: three deadlines of 300 ms, where without one the nonce and session stores
            // waited for the pool to give up on its connection (64.8 s measured here).
            #expect(ContinuousClock.now - started < .seconds(10), "three deadlines of 300 ms, not the pool's limits")

            #expect(failures("nonce", "timeout") == 1)
            #expect(failures("web_session", "timeout") == 1)
            #expect(failures("access_token_cache", "timeout") == 1)
            let warnings = logs.entries.filter { $0.level == .warning }.map { "\($0.message)" }
            #expect(warnings.contains("the nonce store did not answer within 300 ms; answering without it"), "\(warnings)")
            #expect(warnings.contains("the web session store did not answer within 300 ms; answering without it"))

            // Right after a failure the store is left alone (a pile of waiting queries is what it avoids):
            // refused at once, counted, logged below warning.
            await #expect(throws: NonceStoreError.self) { _ = try await nonces.consume("nonce") }
            #expect(failures("nonce", "paused") == 1)
            #expect(logs.entries.filter { $0.level == .warning && "\($0.message)".contains("did not answer") }.count == 3)
        }
    }

    @Test(.enabled(if: PostgresTestDatabase.runs, "needs LINE_LOGIN_POSTGRES_URL"))
    func serviceResumesWhenTheDatabaseAnswersAgain() async throws {
        let real = try PostgresTestDatabase.configuration()
        // Holds connections and never answers, until it forwards them to the real database.
        let proxy = try #require(MisbehavingServer(.hang))
        defer { proxy.stop() }
        let table = PostgresTestDatabase.uniqueTable("outage")
        try await Self.withClient(Self.configuration(port: proxy.port, like: real)) { client in
            let nonces = try PostgresNonceStore(
                client: client, table: table, logger: logger, timeout: .milliseconds(500), metricsFactory: metrics)
            await #expect(throws: NonceStoreError.self) { _ = try await nonces.issue(for: "client") }
            #expect(failures("nonce", "timeout") == 1)

            // The database is back (the proxy now forwards to it): no restart, no new store.
            proxy.change(to: .forward(port: real.port ?? 5432))
            var issued: String?
            let deadline = ContinuousClock.now + .seconds(90)
            while issued == nil, ContinuousClock.now < deadline {
                issued = try? await nonces.issue(for: "client")
                if issued == nil { try await Task.sleep(for: .milliseconds(500)) }
            }
            let nonce = try #require(issued, "the store never served again")
            #expect(try await nonces.consume(nonce))
            try await PostgresTestDatabase.drop(table, on: client)
        }
    }
}
