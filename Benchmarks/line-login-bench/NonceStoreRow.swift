import Foundation
import LineLoginPostgres
import LineLoginServer
import PostgresNIO

/// `line-login-bench nonce-store --postgres URL [--seconds N] [--json FILE]`: issue + consume pairs per
/// second through `PostgresNonceStore` (one pool, 32 concurrent workers, each client its own), with
/// `MemoryNonceStore` under the same load in the same run as the reference.
enum NonceStoreRow {
    static let workers = 32

    static func run(url: String, seconds: Double) async throws -> Row {
        let memory = try await pairsPerSecond(MemoryNonceStore(), seconds: seconds)
        let client = PostgresClient(configuration: try PostgresURL.configuration(url, tls: .disable))
        let running = Task { await client.run() }
        defer { running.cancel() }
        let table = "bench_nonces_" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let store = try PostgresNonceStore(client: client, table: table)
        try await store.createSchema()
        let postgres = try await pairsPerSecond(store, seconds: seconds)
        _ = try? await client.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table)"))
        return Row(
            figure: "PostgresNonceStore: issue + consume, \(workers) concurrent clients, one pool",
            value: String(format: "%.0f pairs/s", postgres),
            reference: String(format: "MemoryNonceStore %.0f pairs/s", memory),
            ratio: String(format: "%.3f× memory", postgres / memory), goal: "report", met: nil)
    }

    /// Pairs completed per second by `workers` tasks, each issuing a nonce and consuming it, for `seconds`.
    static func pairsPerSecond(_ store: any NonceStore, seconds: Double) async throws -> Double {
        // A short warm-up: the pool's connections and the table's pages.
        for index in 0..<50 { _ = try await store.consume(try await store.issue(for: "warm-\(index)")) }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        let started = ContinuousClock.now
        let pairs = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var done = 0
                    while ContinuousClock.now < deadline {
                        let nonce = try await store.issue(for: "client-\(worker)")
                        guard try await store.consume(nonce) else { throw CancellationError() }
                        done += 1
                    }
                    return done
                }
            }
            return try await group.reduce(0, +)
        }
        let elapsed = ContinuousClock.now - started
        return Double(pairs) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
