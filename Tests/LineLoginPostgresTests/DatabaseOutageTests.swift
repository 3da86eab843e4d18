#if PostgreSQL && Emulator
import Foundation
import InMemoryLogging
import LineLoginServer
import Logging
import MetricsTestKit
import OAuthEngine
import PostgresNIO
import Testing

@testable import LineLoginPostgres
@testable import TransportTestSupport

/// A database that accepts connections and never answers (what a stopped or wedged PostgreSQL looks like
/// behind a proxy): every store answers at its operation deadline, logs and counts the failure, pauses
/// after several timeouts in a row, and serves again once the database answers, without a restart. The
/// shared CI cluster is never stopped: the outage is a listener of the test's own.
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

    /// The pause is measured on this clock, which only the test moves: a pause never ends by itself
    /// while a slow run (the sanitizers) is still looking.
    let clock = ManualClock()
    var tuning: StoreTuning { StoreTuning(clock: clock) }

    @Test func aDatabaseThatNeverAnswersFailsEveryStoreWithinTheDeadlineLoggedAndCounted() async throws {
        let silent = try #require(MisbehavingServer(.hang))
        defer { silent.stop() }
        try await Self.withClient(Self.configuration(port: silent.port)) { client in
            let nonces = try PostgresNonceStore.tuned(
                client: client, table: "outage_nonces", logger: logger, metrics: metrics, tuning: tuning)
            let sessions = try PostgresWebSessionStore.tuned(
                client: client, table: "outage_sessions", logger: logger, metrics: metrics, tuning: tuning)
            let cache = try PostgresAccessTokenCache.tuned(
                client: client, table: "outage_cache", logger: logger, metrics: metrics, tuning: tuning)
            #expect(nonces.timeout == .milliseconds(300) && sessions.timeout == .milliseconds(300))

            // Each answered by its deadline (the message says so), where without one the nonce and session
            // stores waited for the pool to give up on its connection (64.8 s measured here; three of those
            // would also pass the suite's time limit).
            await #expect(throws: NonceStoreError.self) { _ = try await nonces.issue(for: "client") }
            await #expect(throws: PostgresStoreError.self) { _ = try await sessions.isActive("session") }
            await #expect(throws: PostgresStoreError.self) { _ = try await cache.value(for: "token") }
            #expect(failures("nonce", "timeout") == 1)
            #expect(failures("web_session", "timeout") == 1)
            #expect(failures("access_token_cache", "timeout") == 1)
            let warnings = logs.entries.filter { $0.level == .warning }.map { "\($0.message)" }
            #expect(warnings.contains("the nonce store did not answer within 300 ms; answering without it"), "\(warnings)")
            #expect(warnings.contains("the web session store did not answer within 300 ms; answering without it"))

            // One timeout is not an outage: the store keeps trying. Three in a row pause it: then it is left
            // alone (no more waiting queries), refusing at once, counted, logged below warning.
            #expect(failures("nonce", "paused") == 0)
            await #expect(throws: NonceStoreError.self) { _ = try await nonces.consume("nonce") }
            await #expect(throws: NonceStoreError.self) { _ = try await nonces.consume("nonce") }
            #expect(failures("nonce", "timeout") == 3)
            let refused = await #expect(throws: NonceStoreError.self) { _ = try await nonces.consume("nonce") }
            #expect(refused?.message.contains("paused") == true, "\(refused?.message ?? "")")
            #expect(failures("nonce", "paused") == 1)
            #expect(failures("nonce", "timeout") == 3, "the refused operation never waited")
            #expect(logs.entries.filter { $0.level == .warning && "\($0.message)".contains("did not answer") }.count == 5)
            // Still paused however long this took: the pause ends on the store's clock, which only the test moves.
            await #expect(throws: NonceStoreError.self) { _ = try await nonces.consume("nonce") }
            #expect(failures("nonce", "paused") == 2)
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
            let nonces = try PostgresNonceStore.tuned(
                client: client, table: table, logger: logger, timeout: .milliseconds(500), metrics: metrics, tuning: tuning)
            for _ in 0..<3 { await #expect(throws: NonceStoreError.self) { _ = try await nonces.issue(for: "client") } }
            #expect(failures("nonce", "timeout") == 3)

            // The database is back (the proxy now forwards to it): no restart, no new store. Until the pause
            // has passed the store doesn't ask.
            proxy.change(to: .forward(port: real.port ?? 5432))
            await #expect(throws: NonceStoreError.self) { _ = try await nonces.issue(for: "client") }
            #expect(failures("nonce", "paused") == 1)
            var issued: String?
            // The pool reconnects on its own schedule: each attempt after a pause probes once.
            for _ in 0..<120 where issued == nil {
                clock.advance(by: .seconds(5))
                issued = try? await nonces.issue(for: "client")
                if issued == nil { try await Task.sleep(for: .milliseconds(500)) }
            }
            let nonce = try #require(issued, "the store never served again")
            #expect(try await nonces.consume(nonce))
            try await PostgresTestDatabase.drop(table, on: client)
        }
    }
}

extension PostgresNonceStore {
    /// A store with the defaults but `timeout` (300 ms) and `tuning`.
    static func tuned(
        client: PostgresClient, table: String, logger: Logger, timeout: Duration = .milliseconds(300), metrics: TestMetrics,
        tuning: StoreTuning
    ) throws -> PostgresNonceStore {
        try PostgresNonceStore(
            client: client, table: table, capacity: 100_000, perClientLimit: 16, lifetime: 600, purgeBatchSize: 500,
            purgeInterval: 1_000, createsSchema: true, clock: nil, random: SystemRandomSource(), logger: logger, timeout: timeout,
            metricsFactory: metrics, tuning: tuning)
    }
}

extension PostgresWebSessionStore {
    /// A store with the defaults but `timeout` (300 ms) and `tuning`.
    static func tuned(
        client: PostgresClient, table: String, logger: Logger, timeout: Duration = .milliseconds(300), metrics: TestMetrics,
        tuning: StoreTuning
    ) throws -> PostgresWebSessionStore {
        try PostgresWebSessionStore(
            client: client, table: table, purgeBatchSize: 500, purgeInterval: 1_000, createsSchema: true, clock: nil, logger: logger,
            timeout: timeout, metricsFactory: metrics, tuning: tuning)
    }
}

extension PostgresAccessTokenCache {
    /// A cache with the defaults but `timeout` (300 ms) and `tuning`.
    static func tuned(
        client: PostgresClient, table: String, logger: Logger, timeout: Duration = .milliseconds(300), metrics: TestMetrics,
        tuning: StoreTuning
    ) throws -> PostgresAccessTokenCache {
        try PostgresAccessTokenCache(
            client: client, table: table, maximumAge: 300, purgeBatchSize: 500, purgeInterval: 1_000, createsSchema: true, clock: nil,
            logger: logger, timeout: timeout, metricsFactory: metrics, tuning: tuning)
    }
}
#endif
