#if Server
import CoreMetrics
import Foundation
import Logging
import OAuthEngine

/// Counts and times every call this server makes to LINE, by endpoint: the `jwks` series are the JWKS
/// fetches, the timer is LINE's latency as this server sees it. Sits under the outage back-off, so only
/// calls that really went out are counted.
struct InstrumentedTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let endpoints: [(url: URL, name: String)]
    private let logger: Logger
    private let factory: any MetricsFactory
    private let timers: [String: CoreMetrics.Timer]

    /// - Parameters:
    ///   - endpoints: LINE's URLs and their names (the `endpoint` dimension); any other URL is `other`.
    init(wrapping base: any HTTPTransport, endpoints: [(URL, String)], observability: LineLoginObservability) {
        self.base = base
        self.endpoints = endpoints.map { (url: $0.0, name: $0.1) }
        logger = observability.logger
        factory = observability.metricsFactory
        var timers: [String: CoreMetrics.Timer] = [:]
        for name in Set(endpoints.map(\.1) + ["other"]) {
            timers[name] = CoreMetrics.Timer(
                label: "line_login_line_request_duration_seconds", dimensions: [("endpoint", name)], factory: factory)
        }
        self.timers = timers
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let endpoint = name(of: request.url)
        let start = ContinuousClock.now
        do {
            let response = try await base.send(request)
            finish(endpoint, status: "\(response.statusCode / 100)xx", since: start)
            return response
        } catch {
            finish(endpoint, status: "failed", since: start)
            throw error
        }
    }

    private func finish(_ endpoint: String, status: String, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        timers[endpoint]?.record(elapsed)
        Counter(label: "line_login_line_requests_total", dimensions: [("endpoint", endpoint), ("status", status)], factory: factory)
            .increment()
        logger.debug(
            "LINE call",
            metadata: [
                "line.endpoint": "\(endpoint)", "line.status": "\(status)",
                "line.milliseconds": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
            ])
    }

    /// The endpoint's name: scheme, host, port and path must all match (never the query, which may hold a token).
    private func name(of url: URL) -> String {
        for endpoint in endpoints
        where endpoint.url.host == url.host && endpoint.url.port == url.port && endpoint.url.path == url.path
            && endpoint.url.scheme == url.scheme
        {
            return endpoint.name
        }
        return "other"
    }
}
#endif
