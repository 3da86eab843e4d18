#if Server
public import Foundation
public import LineLoginPlatform
public import Logging
public import OAuthEngine

/// Verifies LINE access tokens that apps send to this server: `GET /oauth2/v2.1/verify` (LINE's own
/// endpoint, not RFC 7662), `client_id` must be one of the configured channels and `expires_in > 0`,
/// then `GET /v2/profile` identifies the user.
///
/// ```swift
/// let verifier = try AccessTokenVerifier(channelIDs: ["1234567890"])
/// let verified = try await verifier.verify(accessToken)
/// print(verified.profile.userID, verified.profile.displayName)
/// ```
///
/// A LINE outage throws a ``VerificationError`` whose ``VerificationError/isUnavailable`` is `true`
/// (answer 503), never the "invalid token" errors (answer 401).
public struct AccessTokenVerifier: Sendable {
    /// The channel IDs accepted.
    public let channelIDs: Set<String>
    /// LINE, or a compatible platform such as the emulator.
    public let platform: LinePlatform
    /// The cache of verified tokens, if any: this process's ``AccessTokenCache``, or one shared by every instance.
    public let cache: (any AccessTokenCaching)?

    private let line: LinePlatformClient
    private let clock: any WallClock
    private let metrics: VerificationMetrics

    /// Creates a verifier.
    /// - Parameters:
    ///   - channelIDs: the channels whose tokens are accepted.
    ///   - platform: LINE's production platform, or e.g. `.custom(baseURL:)` for the emulator.
    ///   - cache: verified tokens are remembered here (`nil`: ask LINE every time): an ``AccessTokenCache``
    ///     (give it the same clock), or a cache shared by every instance of the site.
    ///   - transport: HTTP for verify and profile.
    ///   - clock: the clock `expires_in` is made absolute with.
    ///   - timeout: seconds per request to LINE.
    ///   - outageBackoff: after one of LINE's endpoints failed (5xx, 429, unreachable), seconds it is left
    ///     alone, so an outage is one call per back-off rather than one per request (a longer
    ///     `Retry-After` is honoured up to five minutes); see OAuthEngine's `OutageBackoff`.
    ///   - observability: where verifications and calls to LINE are logged and counted (``LineLoginObservability``).
    /// - Throws: ``LineServerConfigurationError`` without channels or with a plain-http non-loopback platform.
    public init(
        channelIDs: [String], platform: LinePlatform = .production, cache: (any AccessTokenCaching)? = AccessTokenCache(),
        transport: any HTTPTransport = URLSessionTransport(), clock: any WallClock = SystemClock(),
        timeout: TimeInterval = 10, outageBackoff: TimeInterval = 5, observability: LineLoginObservability = LineLoginObservability()
    ) throws(LineServerConfigurationError) {
        guard !channelIDs.isEmpty, !channelIDs.contains("") else {
            throw LineServerConfigurationError("at least one non-empty channel ID is needed")
        }
        for (name, url) in [("verify endpoint", platform.verifyURL), ("profile endpoint", platform.profileURL)] {
            do { try EndpointPolicy.check(url, name: name) } catch { throw LineServerConfigurationError(error.description) }
        }
        self.channelIDs = Set(channelIDs)
        self.platform = platform
        self.cache = cache
        line = LinePlatformClient(
            platform: platform,
            transport: BackoffTransport(wrapping: platform.instrumenting(transport, observability), interval: outageBackoff, clock: clock),
            timeout: timeout)
        self.clock = clock
        metrics = VerificationMetrics(kind: .accessToken, observability: observability)
    }

    /// Verifies `accessToken` and reads its owner's profile (or answers from the cache).
    /// - Parameters:
    ///   - accessToken: the token the app sent.
    ///   - logger: the request's logger, so the records carry its metadata (default: the verifier's).
    /// - Throws: ``VerificationError``: ``VerificationError/invalidAccessToken(_:)``,
    ///   ``VerificationError/unknownChannel``, ``VerificationError/accessTokenExpired``,
    ///   ``VerificationError/insufficientScope``, or ``VerificationError/unavailable(_:)`` during an outage.
    public func verify(_ accessToken: String, logger: Logger? = nil) async throws(VerificationError) -> VerifiedAccessToken {
        try await metrics.observe(logger: logger, channel: \.channelID) { () async throws(VerificationError) in
            try await check(accessToken, logger: logger ?? metrics.logger)
        }
    }

    /// What ``verify(_:logger:)`` would answer, when ``cache`` remembers `accessToken` and can say so
    /// without waiting (this process's ``AccessTokenCache``; a shared cache always needs a round trip): for
    /// a framework's middleware, which then skips the hop into Swift concurrency on a repeated token. `nil`
    /// says nothing about the token: call ``verify(_:logger:)``.
    /// - Parameters:
    ///   - accessToken: the token the app sent.
    ///   - logger: the request's logger (default: the verifier's).
    public func rememberedVerification(of accessToken: String, logger: Logger? = nil) -> VerifiedAccessToken? {
        guard let cache, TokenShape.fits(accessToken) else { return nil }
        return metrics.observeImmediate(logger: logger, channel: \.channelID) { ours(cache.immediateValue(for: accessToken)) }
    }

    /// `remembered`, if it is for one of ``channelIDs``: a cache may be shared with verifiers of other
    /// channels, and a token LINE confirmed for one of those is not accepted here.
    private func ours(_ remembered: VerifiedAccessToken?) -> VerifiedAccessToken? {
        guard let remembered, ExactMatch.contains(channelIDs, remembered.channelID) else { return nil }
        return remembered
    }

    private func check(_ accessToken: String, logger: Logger) async throws(VerificationError) -> VerifiedAccessToken {
        try TokenShape.check(accessToken)
        if let cache {
            do {
                let cached = ours(try await cache.value(for: accessToken))
                metrics.cacheLookup(hit: cached != nil)
                if let cached { return cached }
            } catch {
                // A cache that fails is a miss: LINE decides, as without a cache.
                metrics.cacheFailed(error, logger: logger)
            }
        }
        let receivedAt = clock.now()
        let verification: AccessTokenVerifyResult
        do { verification = try await line.verify(accessToken: accessToken) } catch {
            throw Self.refusal(error)
        }
        let scopes = verification.permissions.map(\.rawValue)
        guard ExactMatch.contains(channelIDs, verification.channelID) else { throw .unknownChannel }
        guard verification.expiresIn > 0 else { throw .accessTokenExpired }
        guard scopes.contains("profile") else { throw .insufficientScope }
        let profile: UserProfile
        do { profile = try await line.getProfile(accessToken: accessToken) } catch {
            if case .server(let server) = error, server.statusCode == 403 { throw .insufficientScope }
            throw Self.refusal(error)
        }
        let verified = VerifiedAccessToken(
            channelID: verification.channelID, scopes: scopes,
            expiresAt: receivedAt.addingTimeInterval(verification.expiresIn), profile: profile)
        if let cache {
            do { try await cache.insert(verified, for: accessToken) } catch { metrics.cacheFailed(error, logger: logger) }
        }
        return verified
    }

    /// A failed call to LINE: an outage (nothing readable, 5xx, 429, an unreadable 2xx) says nothing
    /// about the token (503); any other answer refuses it (401).
    private static func refusal(_ error: OAuthError) -> VerificationError {
        if error.isOutage { return .unavailable(error) }
        if case .server(let server) = error { return .invalidAccessToken(server) }
        return .unavailable(error)
    }
}
#endif
