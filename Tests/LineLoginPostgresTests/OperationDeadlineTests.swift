#if PostgreSQL && Emulator
import Foundation
import OAuthEngine
import Testing
import LineLoginPrimitives

@testable import LineLoginPostgres

/// The stores' operation deadline and pause, without a database: operations are closures, the pause is
/// measured on a clock the test moves, and outcomes (what ran, what was refused, what was reported) are
/// asserted, never how long anything took.
@Suite(.timeLimit(.minutes(2)))
struct OperationDeadlineTests {
    final class Calls: Sendable {
        private let count = LockedValue(0)
        func add() { count.withLock { $0 += 1 } }
        var total: Int { count.current }
    }

    struct Unreachable: Error {}
    struct Refused: Error, CustomStringConvertible { var description: String { "row value secret-token-123" } }
    struct LockWait: Error {}

    static func classify(_ error: any Error) -> DatabaseFailure {
        switch error {
        case is Unreachable: .unreachable
        case is LockWait: .lockTimeout
        default: .answered
        }
    }

    let clock = ManualClock()
    let reported = ReportedFailures()

    func deadline(
        timeout: Duration = .seconds(60), pause: Duration = .seconds(5), timeoutsBeforePause: Int = 3, abandonedLimit: Int = 16
    ) -> OperationDeadline {
        OperationDeadline(
            .init(timeout: timeout, pause: pause, timeoutsBeforePause: timeoutsBeforePause, abandonedLimit: abandonedLimit),
            clock: clock, classify: Self.classify, onFailure: reported.report)
    }

    /// Runs an operation that counts itself and answers at once; whether it ran.
    func quick(_ deadline: OperationDeadline, _ calls: Calls) async -> Bool {
        (try? await deadline.run("the store") { () async throws -> Int in
            calls.add()
            return 1
        }) == 1
    }

    /// An operation held at `gate` past a short deadline: a timeout.
    func hang(_ deadline: OperationDeadline, at gate: Gate) async {
        await #expect(throws: PostgresStoreError.self) {
            try await deadline.run("the store") { () async throws -> Int in
                await gate.wait()
                return 1
            }
        }
    }

    func fail(_ deadline: OperationDeadline, with error: any Error) async {
        await #expect(throws: PostgresStoreError.self) {
            try await deadline.run("the store") { () async throws -> Int in throw error }
        }
    }

    @Test func anAnswerInTimeIsReturned() async throws {
        #expect(try await deadline().run("the store") { 42 } == 42)
        #expect(reported.all.isEmpty)
    }

    @Test func aHangingOperationIsGivenUpAtTheDeadlineAndCountedUntilItEnds() async throws {
        let deadline = deadline(timeout: .milliseconds(50))
        let gate = Gate()
        let error = await #expect(throws: PostgresStoreError.self) {
            try await deadline.run("the cache") { () async throws -> Int in
                await gate.wait()
                return 1
            }
        }
        #expect(error?.message == "the cache did not answer within 50 ms")
        #expect(reported.all == [.timedOut])
        #expect(deadline.abandoned == 1, "the operation still runs, and is counted")
        gate.open()
        await eventually("the abandoned operation ends") { deadline.abandoned == 0 }
    }

    @Test func oneSlowOperationDoesNotPauseTheStoreSeveralInARowDo() async throws {
        let deadline = deadline(timeout: .milliseconds(50), timeoutsBeforePause: 3)
        let gate = Gate()
        defer { gate.open() }
        let calls = Calls()
        await hang(deadline, at: gate)
        await hang(deadline, at: gate)
        #expect(await quick(deadline, calls), "two timeouts in a row: still serving")
        // The answer broke the run: two more are not three in a row.
        await hang(deadline, at: gate)
        await hang(deadline, at: gate)
        #expect(await quick(deadline, calls))
        #expect(deadline.isServing)
        await hang(deadline, at: gate)
        await hang(deadline, at: gate)
        await hang(deadline, at: gate)
        #expect(!deadline.isServing, "three in a row pause the store")
        #expect(await !quick(deadline, calls))
        #expect(calls.total == 2, "the operation during the pause never ran")
        #expect(reported.count(.timedOut) == 7 && reported.count(.paused) == 1)
    }

    @Test func anErrorTheServerAnsweredFailsOnlyItsRequest() async throws {
        let deadline = deadline()
        let calls = Calls()
        for _ in 0..<10 { await fail(deadline, with: Refused()) }
        await fail(deadline, with: LockWait())
        #expect(deadline.isServing)
        #expect(await quick(deadline, calls))
        #expect(reported.count(.failed) == 10 && reported.count(.lockTimeout) == 1 && reported.count(.paused) == 0)
    }

    @Test func aConnectionLevelFailurePausesAtOnceUntilThePauseHasPassedOnTheMonotonicClock() async throws {
        let deadline = deadline(pause: .seconds(5))
        let calls = Calls()
        await fail(deadline, with: Unreachable())
        #expect(await !quick(deadline, calls))
        clock.advance(by: .milliseconds(4_900))
        #expect(await !quick(deadline, calls), "4.9 s of a 5 s pause")
        #expect(calls.total == 0)
        #expect(reported.all == [.failed, .paused, .paused])
        clock.advance(by: .milliseconds(100))
        #expect(await quick(deadline, calls), "the pause has passed: the next operation probes, and serves")
        #expect(await quick(deadline, calls))
        #expect(calls.total == 2)
    }

    @Test func afterThePauseOneOperationProbesAndTheOthersFailAtOnceUntilItAnswers() async throws {
        let deadline = deadline(pause: .seconds(5))
        let calls = Calls()
        await fail(deadline, with: Unreachable())
        clock.advance(by: .seconds(5))
        let gate = Gate()
        let probe = Task {
            try await deadline.run("the store") { () async throws -> Int in
                await gate.wait()
                return 7
            }
        }
        await eventually("the probe reaches the database") { gate.arrived == 1 }
        for _ in 0..<20 { #expect(await !quick(deadline, calls)) }
        #expect(calls.total == 0, "while the probe is out, nothing else reaches the database")
        gate.open()
        #expect(try await probe.value == 7)
        #expect(await quick(deadline, calls), "the probe answered: serving again")
        #expect(reported.count(.paused) == 20)
    }

    @Test func aProbeThatTimesOutStartsAnotherPause() async throws {
        let deadline = deadline(timeout: .milliseconds(50), pause: .seconds(5))
        let gate = Gate()
        defer { gate.open() }
        let calls = Calls()
        await fail(deadline, with: Unreachable())
        clock.advance(by: .seconds(5))
        await hang(deadline, at: gate)
        #expect(await !quick(deadline, calls), "paused again after the probe's timeout")
        clock.advance(by: .seconds(5))
        #expect(await quick(deadline, calls))
    }

    @Test func aProbeWhoseCallerWentAwayLetsTheNextOperationProbe() async throws {
        let deadline = deadline(pause: .seconds(5))
        let calls = Calls()
        await fail(deadline, with: Unreachable())
        clock.advance(by: .seconds(5))
        let gate = Gate()
        defer { gate.open() }
        let probe = Task {
            try await deadline.run("the store") { () async throws -> Int in
                await gate.wait()
                return 7
            }
        }
        await eventually("the probe reaches the database") { gate.arrived == 1 }
        probe.cancel()
        await #expect(throws: PostgresStoreError.self) { try await probe.value }
        #expect(await quick(deadline, calls), "the next operation probes instead")
    }

    @Test func abandonedOperationsAreCappedAndMoreFailAtOnceUntilTheyEnd() async throws {
        let deadline = deadline(timeout: .milliseconds(50), timeoutsBeforePause: 1_000, abandonedLimit: 2)
        let gate = Gate()
        let calls = Calls()
        await hang(deadline, at: gate)
        await hang(deadline, at: gate)
        #expect(deadline.abandoned == 2)
        let refused = await #expect(throws: PostgresStoreError.self) {
            try await deadline.run("the store") { () async throws -> Int in
                calls.add()
                return 1
            }
        }
        #expect(refused?.message == "the store has 2 operations the database has not answered yet; try again later")
        #expect(calls.total == 0, "refused before it reached the database")
        #expect(reported.count(.backlog) == 1)
        gate.open()
        await eventually("the abandoned operations end") { deadline.abandoned == 0 }
        #expect(await quick(deadline, calls))
    }

    @Test func aCallerCancelledWhileWaitingIsAnsweredAtOnce() async throws {
        // Without heed to the caller, the wait would last the deadline and end as a timeout.
        let deadline = deadline(timeout: .seconds(30))
        let gate = Gate()
        let caller = Task {
            try await deadline.run("the store") { () async throws -> Int in
                await gate.wait()
                return 1
            }
        }
        await eventually("the operation reaches the database") { gate.arrived == 1 }
        caller.cancel()
        let error = await #expect(throws: PostgresStoreError.self) { try await caller.value }
        #expect(error?.message == "the request was cancelled before the store answered")
        #expect(reported.all == [.cancelled])
        #expect(deadline.abandoned == 1)
        #expect(deadline.isServing, "a client that went away says nothing about the database")
        gate.open()
        await eventually("the abandoned operation ends") { deadline.abandoned == 0 }
    }

    @Test func aFailureIsAStoreErrorThatQuotesNothing() async throws {
        do {
            _ = try await deadline().run("the cache") { () async throws -> Int in throw Refused() }
            Issue.record("no error")
        } catch {
            #expect(!error.description.contains("secret-token-123"))
            #expect(error.description.contains("the cache"))
        }
    }

    @Test func aGateWaitAndTheServersLockTimeoutAreLockWaits() {
        #expect(DatabaseFailure(ClientBusy()) == .lockTimeout)
        #expect(DatabaseFailure(Refused()) == .answered)
    }
}
#endif
