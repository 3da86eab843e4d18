public import Foundation
import LineLoginPrimitives

/// A transport that leaves a failing endpoint alone for a while: after an outage answer (a transient
/// transport failure, 5xx or 429) from an endpoint, calls to that endpoint fail at once with
/// ``TransportError/backingOff(seconds:)`` until its ``OutageBackoff`` has passed (the server's
/// `Retry-After` honoured up to the cap); then one call probes.
///
/// Endpoints are told apart by scheme, host, port and path: the query is left out, so that tokens sent
/// in it (LINE's verify endpoint) don't each count as an endpoint of their own. Wrap any transport:
///
/// ```swift
/// let transport = BackoffTransport(wrapping: URLSessionTransport(), interval: 5)
/// ```
public struct BackoffTransport: HTTPTransport {
    /// The transport that does the calls.
    public let base: any HTTPTransport
    private let template: OutageBackoff
    private let clock: any WallClock
    private let endpoints: LockedValue<[String: OutageBackoff]>

    /// Wraps `base`. See ``OutageBackoff`` for `interval` and `cap`.
    public init(
        wrapping base: any HTTPTransport, interval: TimeInterval = 5, cap: TimeInterval = 300,
        clock: any WallClock = SystemClock()
    ) {
        self.base = base
        template = OutageBackoff(interval: interval, cap: cap)
        self.clock = clock
        endpoints = LockedValue([:])
    }

    /// Sends `request` unless its endpoint is backing off.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = Self.endpoint(of: request.url)
        let admitted = endpoints.withLock { endpoints -> TimeInterval? in
            var backoff = endpoints[key] ?? template
            defer { endpoints[key] = backoff }
            let now = clock.now()
            return backoff.admit(at: now) ? nil : backoff.remaining(at: now)
        }
        if let remaining = admitted { throw TransportError.backingOff(seconds: remaining) }
        let response: HTTPResponse
        do { response = try await base.send(request) } catch {
            let failure = TransportError(error)
            // Cancelling one caller says nothing about the endpoint; a timeout or refused connection does.
            record(key, failed: failure.isTransient, retryAfter: nil)
            throw failure
        }
        record(key, failed: HTTPResponse.isOutage(statusCode: response.statusCode), retryAfter: RetryAfter(response))
        return response
    }

    /// Seconds until `url`'s endpoint may be called (0 when it may be now).
    public func remainingBackoff(for url: URL) -> TimeInterval {
        let key = Self.endpoint(of: url)
        return endpoints.withLock { $0[key]?.remaining(at: clock.now()) ?? 0 }
    }

    private func record(_ key: String, failed: Bool, retryAfter: RetryAfter?) {
        let now = clock.now()
        endpoints.withLock { endpoints in
            if failed {
                var backoff = endpoints[key] ?? template
                backoff.failed(at: now, retryAfter: retryAfter)
                endpoints[key] = backoff
            } else {
                // A healthy endpoint needs no entry: the table stays as small as the set of failing ones.
                endpoints[key] = nil
            }
        }
    }

    private static func endpoint(of url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.string ?? url.absoluteString
    }
}
