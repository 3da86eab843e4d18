import CoreMetrics
import Logging

/// Logs and counts a store's failed operations, so that a database that stopped answering shows in the
/// logs (a warning per failure; the operations refused during the pause that follows at `debug`) and in
/// `line_login_store_failures_total` {`store`: `nonce`|`web_session`|`access_token_cache`, `reason`:
/// `timeout`|`error`|`paused`}. Messages name the store and the kind of failure, never a value.
struct StoreFailures: Sendable {
    private let store: String
    private let logger: Logger
    // Created once: a handle is cheap to update and costly to create.
    private let timedOut: Counter
    private let failed: Counter
    private let paused: Counter

    /// The report of the store `store` (the metric's dimension), logging to `logger`.
    init(store: String, logger: Logger, factory: any MetricsFactory) {
        self.store = store
        self.logger = logger
        func counter(_ reason: OperationDeadline.Failure) -> Counter {
            Counter(
                label: "line_login_store_failures_total", dimensions: [("store", store), ("reason", reason.rawValue)], factory: factory)
        }
        timedOut = counter(.timedOut)
        failed = counter(.failed)
        paused = counter(.paused)
    }

    /// Counts and logs one failed operation.
    func report(_ failure: OperationDeadline.Failure, _ error: PostgresStoreError) {
        let metadata: Logger.Metadata = ["line.store": "\(store)", "line.reason": "\(failure.rawValue)"]
        switch failure {
        case .timedOut:
            timedOut.increment()
            logger.warning("\(error.message); answering without it", metadata: metadata)
        case .failed:
            failed.increment()
            logger.warning("\(error.message); answering without it", metadata: metadata)
        case .paused:
            paused.increment()
            logger.debug("\(error.message)", metadata: metadata)
        }
    }
}
