#if PostgreSQL
import CoreMetrics
import Logging

/// Logs and counts a store's failed operations, so that a database that stopped answering shows in the
/// logs and in `line_login_store_failures_total` {`store`: `nonce`|`web_session`|`access_token_cache`,
/// `reason`: `timeout`|`error`|`lock_timeout`|`paused`|`backlog`|`cancelled`}. A timeout or a database
/// error is a warning; what follows from one (the operations refused during a pause or a backlog), a lock
/// wait one client's own requests caused, and a caller that went away are logged at `debug`, so a flood
/// can't flood the log. Messages name the store and the kind of failure, never a value.
struct StoreFailures: Sendable {
    private let store: String
    private let logger: Logger
    // Created once: a handle is cheap to update and costly to create.
    private let counters: [OperationDeadline.Failure: Counter]

    /// The report of the store `store` (the metric's dimension), logging to `logger`.
    init(store: String, logger: Logger, factory: any MetricsFactory) {
        self.store = store
        self.logger = logger
        var counters: [OperationDeadline.Failure: Counter] = [:]
        for reason in OperationDeadline.Failure.allCases {
            counters[reason] = Counter(
                label: "line_login_store_failures_total", dimensions: [("store", store), ("reason", reason.rawValue)], factory: factory)
        }
        self.counters = counters
    }

    /// Counts and logs one failed operation.
    func report(_ failure: OperationDeadline.Failure, _ error: PostgresStoreError) {
        counters[failure]?.increment()
        let metadata: Logger.Metadata = ["line.store": "\(store)", "line.reason": "\(failure.rawValue)"]
        switch failure {
        case .timedOut, .failed:
            logger.warning("\(error.message); answering without it", metadata: metadata)
        case .lockTimeout, .paused, .backlog, .cancelled:
            logger.debug("\(error.message)", metadata: metadata)
        }
    }
}
#endif
