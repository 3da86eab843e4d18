import Foundation
import Testing
@testable import LineLoginPostgres

/// The shared cache's deadline: an operation that hangs is answered with an error at the deadline (the
/// caller goes on without the cache), and after a failure the store is left alone for a pause.
@Suite struct OperationDeadlineTests {
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var total: Int { lock.withLock { count } }
    }

    @Test func anAnswerInTimeIsReturned() async throws {
        let deadline = OperationDeadline(timeout: .seconds(5))
        #expect(try await deadline.run("the cache") { 42 } == 42)
    }

    @Test func aHangingOperationIsGivenUpAtTheDeadlineAndTheStorePauses() async throws {
        let deadline = OperationDeadline(timeout: .milliseconds(100), pause: 60)
        let calls = Calls()
        let started = ContinuousClock.now
        await #expect(throws: PostgresStoreError.self) {
            try await deadline.run("the cache") { () async throws -> Int in
                calls.add()
                // Ignores cancellation, as a query waiting in PostgresNIO's pool does.
                try? await Task.sleep(for: .seconds(30))
                return 1
            }
        }
        // Behaviour, not speed: the caller was answered long before the operation would have ended.
        #expect(ContinuousClock.now - started < .seconds(20))
        await #expect(throws: PostgresStoreError.self) {
            try await deadline.run("the cache") { () async throws -> Int in
                calls.add()
                return 2
            }
        }
        #expect(calls.total == 1, "paused after the failure: the second operation never ran")
    }

    @Test func aFailureIsAStoreErrorThatQuotesNothing() async throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "row value secret-token-123" } }
        let deadline = OperationDeadline(timeout: .seconds(5))
        do {
            _ = try await deadline.run("the cache") { () async throws -> Int in throw Refused() }
            Issue.record("no error")
        } catch {
            #expect(!error.description.contains("secret-token-123"))
            #expect(error.description.contains("the cache"))
        }
    }
}
