import Foundation

/// Bounds how long a caller waits for a database operation, for a store that must never be slower than
/// going without it (the shared access-token cache).
///
/// A timer and the operation race; whichever ends first answers. PostgresNIO's pool does not give up a
/// query waiting for a connection when its task is cancelled, so the operation runs unstructured and is
/// left to end on its own; after a failure the store is left alone for ``pause`` so that, during an
/// outage, at most a few such operations wait at once rather than one per request.
final class OperationDeadline: @unchecked Sendable {
    // @unchecked: `openAgainAt` is only touched under `lock`.
    let timeout: Duration
    let pause: TimeInterval
    private let lock = NSLock()
    private var openAgainAt: Date?

    init(timeout: Duration, pause: TimeInterval = 5) {
        self.timeout = timeout
        self.pause = pause
    }

    /// `operation`'s result, or `PostgresStoreError` when it took longer than ``timeout``, failed, or the
    /// store is paused after a recent failure (`what` names the store).
    func run<Result: Sendable>(
        _ what: String, _ operation: @escaping @Sendable () async throws -> Result
    ) async throws(PostgresStoreError) -> Result {
        if let openAgainAt = lock.withLock({ openAgainAt }), Date() < openAgainAt {
            throw PostgresStoreError("\(what) failed a moment ago and is left alone for a few seconds")
        }
        let outcome = await race(operation)
        switch outcome {
        case .success(let value):
            return value
        case .failure(let error):
            lock.withLock { openAgainAt = Date().addingTimeInterval(pause) }
            throw PostgresStoreError(what, failedWith: error)
        }
    }

    private func race<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) async -> Swift.Result<Result, any Error>
    {
        let answer = Answer<Result>()
        let work = Task { try await operation() }
        let timeout = self.timeout
        let timer = Task {
            try? await Task.sleep(for: timeout)
            answer.give(.failure(PostgresStoreError("the database did not answer within \(timeout)")))
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
