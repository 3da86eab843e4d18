#if PostgreSQL && Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginPostgres
import LineLoginServer
import OAuthEngine
import Testing
@testable import LineLoginServerTestSupport

/// The stores the shared cases run against: the memory ones, always, and the PostgreSQL ones when a
/// database is configured (or CI requires one; see ``PostgresTestDatabase``).
enum StoreKind: String, Sendable, CustomTestStringConvertible {
    case memory
    case postgres

    /// The kinds to run: PostgreSQL is left out, with the skip note of ``PostgresStoreTests``, when no
    /// database is configured outside CI.
    static let all: [StoreKind] = PostgresTestDatabase.runs ? [.memory, .postgres] : [.memory]

    var testDescription: String { rawValue }

    /// How many operations a flood uses: the memory stores take the original sizes; a database round trip
    /// costs more, so PostgreSQL gets a flood still well past every limit under test.
    func flood(_ memory: Int, postgres: Int) -> Int {
        self == .memory ? memory : postgres
    }

    /// Runs `body` with a fresh nonce store of this kind on `clock`, and how many entries it holds.
    func withNonceStore(
        capacity: Int = 10_000, perClientLimit: Int = 16, lifetime: TimeInterval = 600, clock: TestClock,
        _ body: @Sendable (any NonceStore, _ count: @Sendable () async throws -> Int) async throws -> Void
    ) async throws {
        switch self {
        case .memory:
            let store = MemoryNonceStore(capacity: capacity, perClientLimit: perClientLimit, lifetime: lifetime, clock: clock)
            try await body(store) { await store.count }
        case .postgres:
            try await PostgresTestDatabase.withTable("nonces") { client, table in
                let store = try PostgresNonceStore(
                    client: client, table: table, capacity: capacity, perClientLimit: perClientLimit, lifetime: lifetime, clock: clock,
                    timeout: .seconds(60))
                try await body(store) { try await store.count() }
            }
        }
    }

    /// Runs `body` with a fresh web session store of this kind on `clock` (`capacity` binds the memory
    /// store only: the PostgreSQL one has none).
    func withWebSessionStore(
        capacity: Int = 100_000, clock: TestClock, _ body: @Sendable (any WebSessionStore) async throws -> Void
    ) async throws {
        switch self {
        case .memory:
            try await body(MemoryWebSessionStore(capacity: capacity, clock: clock))
        case .postgres:
            try await PostgresTestDatabase.withTable("sessions") { client, table in
                try await body(try PostgresWebSessionStore(client: client, table: table, clock: clock, timeout: .seconds(60)))
            }
        }
    }

    /// Runs `body` with a fresh access-token cache of this kind on `clock`.
    func withAccessTokenCache(
        maximumAge: TimeInterval = 300, clock: TestClock, _ body: @Sendable (any AccessTokenCaching) async throws -> Void
    ) async throws {
        switch self {
        case .memory:
            try await body(AccessTokenCache(maximumAge: maximumAge, clock: clock))
        case .postgres:
            try await PostgresTestDatabase.withTable("access_tokens") { client, table in
                // A generous deadline: the first operation connects and creates the table, which a loaded
                // machine (the parallel suite, the sanitizers) can take seconds to do.
                try await body(
                    try PostgresAccessTokenCache(client: client, table: table, maximumAge: maximumAge, clock: clock, timeout: .seconds(60)))
            }
        }
    }
}
#endif
