import Foundation

/// The operation deadline of every PostgreSQL store: how long a caller waits for one database operation
/// before it is answered with an error (a 503, a miss, "signed out") instead of waiting for the pool.
///
/// A timer and the operation race; whichever ends first answers. PostgresNIO's pool does not give up a
/// query waiting for a connection when its task is cancelled (with the database down it waited 67 s), so
/// the operation runs unstructured and is left to end on its own; after a failure the store is left alone
/// for ``pause`` so that, during an outage, at most a few such operations wait at once rather than one per
/// request. The first operation after the pause tries the database again: when it answers, service resumes
/// without a restart. Every failure is told to the store (``Failure``), which logs and counts it.
final class OperationDeadline: @unchecked Sendable {
    // @unchecked: `openAgainAt` is only touched under `lock`.

    /// How an operation failed.
    enum Failure: String, Sendable {
        /// The database did not answer within ``OperationDeadline/timeout``.
        case timedOut = "timeout"
        /// The database (or the pool) answered with an error.
        case failed = "error"
        /// Not tried: the store failed less than ``OperationDeadline/pause`` seconds ago.
        case paused
    }

    let timeout: Duration
    let pause: TimeInterval
    private let onFailure: @Sendable (Failure, PostgresStoreError) -> Void
    private let lock = NSLock()
    private var openAgainAt: Date?

    init(timeout: Duration, pause: TimeInterval = 5, onFailure: @escaping @Sendable (Failure, PostgresStoreError) -> Void = { _, _ in }) {
        self.timeout = timeout
        self.pause = pause
        self.onFailure = onFailure
    }

    /// `operation`'s result, or `PostgresStoreError` when it took longer than ``timeout``, failed, or the
    /// store is paused after a recent failure (`what` names the store).
    func run<Result: Sendable>(
        _ what: String, _ operation: @escaping @Sendable () async throws -> Result
    ) async throws(PostgresStoreError) -> Result {
        if let openAgainAt = lock.withLock({ openAgainAt }), Date() < openAgainAt {
            let error = PostgresStoreError("\(what) failed a moment ago and is left alone for a few seconds")
            onFailure(.paused, error)
            throw error
        }
        let outcome = await race(operation)
        switch outcome {
        case .success(let value):
            return value
        case .failure(let error):
            lock.withLock { openAgainAt = Date().addingTimeInterval(pause) }
            if error is DeadlinePassed {
                let failure = PostgresStoreError("\(what) did not answer within \(Self.words(timeout))")
                onFailure(.timedOut, failure)
                throw failure
            }
            let failure = PostgresStoreError(what, failedWith: error)
            onFailure(.failed, failure)
            throw failure
        }
    }

    /// "2 s", "500 ms": a duration as people write it.
    static func words(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }

    private struct DeadlinePassed: Error {}

    private func race<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) async -> Swift.Result<Result, any Error>
    {
        let answer = Answer<Result>()
        let work = Task { try await operation() }
        let timeout = self.timeout
        let timer = Task {
            try? await Task.sleep(for: timeout)
            answer.give(.failure(DeadlinePassed()))
            work.cancel()
        }
        Task {
            answer.give(await work.result)
            timer.cancel()
        }
        return await answer.value()
    }
}

/// The first of several answers, handed to one waiter.
private final class Answer<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every field is only touched under `lock`.
    private let lock = NSLock()
    private var result: Swift.Result<Value, any Error>?
    private var waiter: CheckedContinuation<Swift.Result<Value, any Error>, Never>?

    func give(_ answer: Swift.Result<Value, any Error>) {
        let waiter: CheckedContinuation<Swift.Result<Value, any Error>, Never>? = lock.withLock {
            guard result == nil else { return nil }
            result = answer
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume(returning: answer)
    }

    func value() async -> Swift.Result<Value, any Error> {
        await withCheckedContinuation { continuation in
            let ready: Swift.Result<Value, any Error>? = lock.withLock {
                if let result { return result }
                waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
