public import Foundation
import LineLoginPrimitives

/// Caches a provider's JWKS. An unknown `kid` refetches the set once, at most once per
/// ``minimumRefetchInterval`` (so a flood of forged `kid`s can't hammer the provider); concurrent
/// callers share one request. A failed fetch is remembered for ``failureBackoff``: during an outage the
/// endpoint is asked at most once per back-off interval, and lookups in between fail fast.
public actor KeySetCache {
    /// Where the set comes from.
    private enum Source: Sendable {
        /// A known `jwks_uri`.
        case url(URL)
        /// The `jwks_uri` of the issuer's discovery document (whose `issuer` must equal it), read once from
        /// `documentURL` (`nil`: the issuer's well-known URL).
        case discovery(issuer: String, documentURL: URL?)
        /// A fixed set; never fetched.
        case pinned
    }

    private let source: Source
    private var discoveredURL: URL?
    private let transport: any HTTPTransport
    private let clock: any WallClock
    private let timeout: TimeInterval
    /// How long to wait between refetches caused by unknown key IDs.
    public let minimumRefetchInterval: TimeInterval
    /// How long a fetched set is trusted; after that the next lookup refetches, so a key the provider
    /// removed (rotated out, compromised) stops being accepted.
    public let maximumAge: TimeInterval
    /// How long a failed fetch (transport failure or timeout, a non-2xx answer such as a 5xx or a redirect,
    /// a body that is not an acceptable key set) is remembered. Until it has passed, a lookup that needs the
    /// network throws ``IDTokenError/keysUnavailable(_:)`` at once (or keeps using an expired set) instead
    /// of asking the failing endpoint again: every token must not become a fetch, nor wait on one. A
    /// longer `Retry-After` from the endpoint is honoured up to ten minutes (``OutageBackoff``).
    public var failureBackoff: TimeInterval { backoff.interval }
    /// The range ``failureBackoff`` is clamped into: at least a second, so an outage can't turn each
    /// request into a fetch; at most ten minutes, so keys are found again soon after the provider is back.
    public static let failureBackoffBounds: ClosedRange<TimeInterval> = OutageBackoff.bounds

    private var keySet: JWKSet? {
        didSet { publish() }
    }
    private var fetchedAt: Date? {
        didSet { publish() }
    }
    // What a cache hit needs, readable without a hop onto the actor (validation is a per-request hot path).
    private nonisolated let snapshot = LockedValue<(keySet: JWKSet?, freshUntil: Date)>((keySet: nil, freshUntil: .distantPast))
    private nonisolated let snapshotClock: any WallClock
    private var lastRefetch: Date?
    // Closed by a failed fetch: no new fetch before it has passed.
    private var backoff: OutageBackoff
    private var inFlight: Task<(JWKSet, URL), any Error>?
    /// How many times the set was fetched over HTTP (for tests and metrics).
    public private(set) var fetchCount = 0
    /// How many lookups joined a fetch already in flight instead of starting one (for tests).
    private(set) var sharedFetchJoins = 0

    /// Creates a cache for the JWKS at `url`.
    /// - Parameters:
    ///   - url: the JWKS (`jwks_uri`).
    ///   - transport: how it is fetched.
    ///   - clock: the time the cache's age is measured with.
    ///   - minimumRefetchInterval: the least time between two fetches for an unknown `kid`.
    ///   - maximumAge: how long a fetched set is used before it is fetched again.
    ///   - timeout: the deadline of one fetch, in seconds.
    ///   - failureBackoff: how long a failed fetch is remembered, clamped into ``failureBackoffBounds``
    ///     (NaN means the default, 30 s).
    public init(
        url: URL, transport: any HTTPTransport, clock: any WallClock = SystemClock(),
        minimumRefetchInterval: TimeInterval = 60, maximumAge: TimeInterval = 86_400, timeout: TimeInterval = 30,
        failureBackoff: TimeInterval = 30
    ) {
        self.maximumAge = maximumAge
        backoff = OutageBackoff(interval: failureBackoff, cap: OutageBackoff.bounds.upperBound)
        snapshotClock = clock
        source = .url(url)
        self.transport = transport
        self.clock = clock
        self.minimumRefetchInterval = minimumRefetchInterval
        self.timeout = timeout
    }

    /// Creates a cache for the JWKS that `issuer`'s discovery document names (as LINE's SDK finds its
    /// keys): the document is read on the first fetch, from `documentURL` when given (a platform whose
    /// endpoints are not at its issuer) or else the issuer's well-known URL; its `issuer` must equal `issuer`
    /// and its `jwks_uri` must be https; the location is then kept for later refetches.
    public init(
        discoveringFrom issuer: String, at documentURL: URL? = nil, transport: any HTTPTransport, clock: any WallClock = SystemClock(),
        minimumRefetchInterval: TimeInterval = 60, maximumAge: TimeInterval = 86_400, timeout: TimeInterval = 30,
        failureBackoff: TimeInterval = 30
    ) {
        self.maximumAge = maximumAge
        backoff = OutageBackoff(interval: failureBackoff, cap: OutageBackoff.bounds.upperBound)
        snapshotClock = clock
        source = .discovery(issuer: issuer, documentURL: documentURL)
        self.transport = transport
        self.clock = clock
        self.minimumRefetchInterval = minimumRefetchInterval
        self.timeout = timeout
    }

    /// Creates a cache that holds a fixed key set and never fetches (keys from a file, tests).
    public init(keySet: JWKSet, clock: any WallClock = SystemClock()) {
        source = .pinned
        transport = URLSessionTransport()
        self.clock = clock
        snapshotClock = clock
        snapshot.withLock { $0 = (keySet: keySet, freshUntil: .distantFuture) }
        minimumRefetchInterval = .infinity
        maximumAge = .infinity
        backoff = OutageBackoff(interval: OutageBackoff.bounds.upperBound, cap: OutageBackoff.bounds.upperBound)
        timeout = 0
        self.keySet = keySet
    }

    /// The key set to look `kid` up in: the cached one when it names `kid` (or, for a token without
    /// `kid`, holds any key), else the set after one rate-limited refetch. The set may still lack `kid`
    /// (the refetch was rate-limited, or the provider doesn't have it): ``JWKSet/key(for:algorithm:)``
    /// then says precisely why no key fits.
    public func keySet(for kid: String?) async throws(IDTokenError) -> JWKSet {
        if let keySet, let fetchedAt, isFetchable, clock.now().timeIntervalSince(fetchedAt) >= maximumAge {
            // Expired: refetch; if the provider is unreachable (now, or within the back-off after a failure),
            // the old set is better than none.
            do { return try await fetch() } catch { return keySet }
        }
        if let keySet {
            if keySet.names(kid) || !isFetchable { return keySet }
            // A refetch already under way (another unknown `kid`, a rotation) may bring this key too: wait
            // for it rather than answer from the set it is replacing.
            if inFlight != nil { return (try? await fetch()) ?? self.keySet ?? keySet }
            let now = clock.now()
            if let lastRefetch, now.timeIntervalSince(lastRefetch) < minimumRefetchInterval { return keySet }
            lastRefetch = now
        }
        return try await fetch()
    }

    /// The cached set when it is fresh and names `kid`, without waiting for the actor; `nil` means
    /// "ask ``keySet(for:)``" (nothing cached, expired, or no such key).
    public nonisolated func cachedKeySet(for kid: String?) -> JWKSet? {
        let (set, freshUntil) = snapshot.current
        guard let set, snapshotClock.now() < freshUntil, set.names(kid) else { return nil }
        return set
    }

    private func publish() {
        let freshUntil = !isFetchable ? Date.distantFuture : (fetchedAt?.addingTimeInterval(maximumAge) ?? .distantPast)
        snapshot.withLock { $0 = (keySet: keySet, freshUntil: freshUntil) }
    }

    private var isFetchable: Bool {
        if case .pinned = source { return false }
        return true
    }

    private func fetch() async throws(IDTokenError) -> JWKSet {
        let task: Task<(JWKSet, URL), any Error>
        if let inFlight {
            task = inFlight
            sharedFetchJoins += 1
        } else {
            guard backoff.admit(at: clock.now()) else {
                throw .keysUnavailable("the JWKS endpoint failed recently; it is asked again after the back-off")
            }
            let (transport, timeout) = (self.transport, self.timeout)
            let location: Source = discoveredURL.map(Source.url) ?? source
            task = Task {
                let url = try await KeySetCache.resolve(location, transport: transport, timeout: timeout)
                return (try await KeySetCache.download(url: url, transport: transport, timeout: timeout), url)
            }
            inFlight = task
            fetchCount += 1
        }
        defer { if inFlight == task { inFlight = nil } }
        do {
            let (set, url) = try await task.value
            if case .discovery = source { discoveredURL = url }
            keySet = set
            fetchedAt = clock.now()
            backoff.succeeded()
            return set
        } catch {
            let failure = error as? FetchFailure
            backoff.failed(at: clock.now(), retryAfter: failure?.retryAfter)
            // The provider may have moved its keys: read the discovery document again next time.
            discoveredURL = nil
            if let failure { throw failure.error }
            if let error = error as? IDTokenError { throw error }
            throw .keysUnavailable("JWKS fetch failed")
        }
    }

    /// A failed download, with the endpoint's `Retry-After` when it sent one.
    private struct FetchFailure: Error {
        let error: IDTokenError
        let retryAfter: RetryAfter?
    }

    /// The JWKS URL of `source`: the known one, or the discovery document's `jwks_uri`.
    private static func resolve(_ source: Source, transport: any HTTPTransport, timeout: TimeInterval) async throws(IDTokenError) -> URL {
        switch source {
        case .url(let url): return url
        case .pinned: throw .keysUnavailable("no JWKS URL")
        case .discovery(let issuer, let documentURL):
            let document: DiscoveryDocument
            do {
                document = try await DiscoveryDocument.fetch(issuer: issuer, at: documentURL, transport: transport, timeout: timeout)
            } catch {
                throw .keysUnavailable("the discovery document could not be read: \(error)")
            }
            guard let url = document.jwksURI else { throw .keysUnavailable("the discovery document names no jwks_uri") }
            return url
        }
    }

    private static func download(url: URL, transport: any HTTPTransport, timeout: TimeInterval) async throws -> JWKSet {
        let response: HTTPResponse
        do {
            response = try await transport.perform(
                HTTPRequest(
                    url: url, headers: ["Accept": "application/json"], timeout: timeout, maximumResponseSize: ResponseSizeLimit.keySet))
        } catch {
            throw IDTokenError.keysUnavailable("JWKS request failed: \(error)")
        }
        guard response.isSuccess else {
            throw FetchFailure(
                error: .keysUnavailable("JWKS request answered HTTP \(response.statusCode)"), retryAfter: RetryAfter(response))
        }
        do { return try JWKSet(data: response.body) } catch { throw IDTokenError.keysUnavailable("JWKS is malformed: \(error)") }
    }
}
