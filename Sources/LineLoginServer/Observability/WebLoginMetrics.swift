#if Server
import CoreMetrics
import Logging

/// Web login's sign-ins, counted and logged in one place: `line_login_web_logins_total` {`outcome`:
/// `signed_in` or the ``WebLoginError/code``}.
struct WebLoginMetrics: Sendable {
    let logger: Logger
    private let factory: any MetricsFactory
    private let signedIn: Counter

    init(_ observability: LineLoginObservability) {
        logger = observability.logger
        factory = observability.metricsFactory
        signedIn = Counter(label: "line_login_web_logins_total", dimensions: [("outcome", "signed_in")], factory: factory)
    }

    /// Runs one callback, then counts and logs its outcome (a user's cancel is `info`, like any refusal;
    /// LINE failing is a `warning`).
    func observe(
        logger: Logger?, channel: String, _ body: () async throws(WebLoginError) -> WebLoginResult
    ) async throws(WebLoginError) -> WebLoginResult {
        let logger = logger ?? self.logger
        do {
            let result = try await body()
            signedIn.increment()
            logger.debug("LINE web login signed a user in", metadata: ["line.outcome": "signed_in", "line.channel": "\(channel)"])
            return result
        } catch {
            Counter(label: "line_login_web_logins_total", dimensions: [("outcome", error.code)], factory: factory).increment()
            logger.log(
                level: error.isTransient ? .warning : .info, "LINE web login failed: \(error.description)",
                metadata: ["line.outcome": "\(error.code)", "line.channel": "\(channel)"])
            throw error
        }
    }
}
#endif
