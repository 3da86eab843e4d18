#if Server
public import CoreMetrics
public import Logging

/// Where the server kit reports what it does: a swift-log `Logger` and a swift-metrics factory.
///
/// Libraries in the server-side Swift ecosystem log and count through these two APIs and let the app choose
/// the backends; so does this one. By default nothing is logged (a library must not write to an app's
/// output unasked) and metrics go to `MetricsSystem.factory`, which is a no-op until the app bootstraps a
/// backend such as swift-prometheus. Bootstrap before creating verifiers: they create their metrics once.
///
/// ```swift
/// let registry = PrometheusCollectorRegistry()
/// MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
/// let observability = LineLoginObservability(logger: Logger(label: "line-login"))
/// let verifier = try IDTokenVerifier(channels: channels, observability: observability)
/// ```
///
/// What is reported (never a token, code, secret or nonce; a channel ID only once a token proved it):
/// - `line_login_verifications_total` {`kind`: `access_token`|`id_token`, `outcome`: `accepted`|`refused`|
///   `unavailable`, `reason`: `none` or ``VerificationError/code``}, and the timer
///   `line_login_verification_duration_seconds` {`kind`}.
/// - `line_login_cache_lookups_total` {`cache`: `access_token`|`id_token`, `result`: `hit`|`miss`|`error`} (a shared cache that failed is asked around).
/// - `line_login_line_requests_total` {`endpoint`: `jwks`|`verify`|`profile`|`token`|`revoke`|`other`,
///   `status`: `2xx`|`3xx`|`4xx`|`5xx`|`failed`} (JWKS fetches are its `jwks` series), and the timer
///   `line_login_line_request_duration_seconds` {`endpoint`}: LINE's latency as this server sees it.
/// - `line_login_web_logins_total` {`outcome`: `signed_in` or ``WebLoginError/code``}.
///
/// Log records carry `line.kind`, `line.outcome`, `line.reason`, `line.channel` and `line.endpoint`
/// metadata. Refusals are `info`, LINE outages `warning`, accepted tokens and LINE calls `debug`. Pass a
/// request's logger to `verify(…, logger:)` (the bearer middlewares pass Hummingbird's and Vapor's) and
/// the records also carry that request's ID.
public struct LineLoginObservability: Sendable {
    /// The logger used when a call is given none of its own.
    public var logger: Logger
    /// The factory the metrics are created with.
    public var metricsFactory: any MetricsFactory

    /// Creates a configuration.
    /// - Parameters:
    ///   - logger: where records go when a call passes no logger of its own (default: nowhere).
    ///   - metricsFactory: the metrics backend (default: `MetricsSystem.factory` as bootstrapped now).
    public init(logger: Logger? = nil, metricsFactory: (any MetricsFactory)? = nil) {
        self.logger = logger ?? Logger(label: "line-login", factory: { _ in SwiftLogNoOpLogHandler() })
        self.metricsFactory = metricsFactory ?? MetricsSystem.factory
    }
}
#endif
