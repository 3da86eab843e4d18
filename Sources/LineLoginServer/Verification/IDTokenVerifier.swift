#if Server
public import Foundation
public import LineLoginPlatform
public import Logging
public import OAuthEngine

/// Verifies LINE ID tokens that apps send to this server (LINE's "Managing users": never trust a user ID
/// from a client; take the raw ID token and verify it).
///
/// Local mode checks everything of the security checklist with the engine's `IDTokenValidator`: ES256
/// with LINE's JWKS (cached; an unknown `kid` refetches once, rate-limited, which follows key rotation),
/// HS256 with the channel secret where one is configured, `iss`, `aud`/`azp`, times with leeway, the
/// nonce, `auth_time` and `sub`. Remote mode asks `POST /oauth2/v2.1/verify` instead.
///
/// ```swift
/// let verifier = try IDTokenVerifier(channels: [LineChannel(channelID: "1234567890")],
///                                    nonceStore: MemoryNonceStore())
/// let verified = try await verifier.verify(idToken)      // the nonce must be one the store issued
/// print(verified.user.userID)
/// ```
public struct IDTokenVerifier: Sendable {
    /// Where the checks run.
    public enum Mode: Sendable, Equatable {
        /// On this server, with the JWKS and channel secrets (no call to LINE per token once keys are cached).
        case local
        /// With LINE's `POST /oauth2/v2.1/verify` (one call to LINE per token).
        case remote
    }

    /// How the `nonce` claim is checked.
    public enum NonceRequirement: Sendable, Equatable {
        /// Not checked (a bearer ID token presented on every API call can't be single-use).
        case notChecked
        /// Must equal this value.
        case equals(String)
        /// Must be a nonce the ``IDTokenVerifier/nonceStore`` issued; it is consumed (a replay fails).
        case issuedByStore
    }

    /// The channels accepted (the token's `aud` must name one).
    public let channels: [LineChannel]
    /// LINE, or a compatible platform such as the emulator.
    public let platform: LinePlatform
    /// Local or remote checks.
    public let mode: Mode
    /// The store for ``NonceRequirement/issuedByStore``.
    public let nonceStore: (any NonceStore)?
    /// The JWKS cache shared by every channel.
    public let keys: KeySetCache
    /// Tokens that passed every check without a nonce requirement, answered again without a signature check.
    public let cache: VerifiedIDTokenCache?

    // One per distinct channel ID, in configuration order; the first also answers a token that names no
    // configured channel. Looked up with ExactMatch: a `String`-keyed dictionary would also find a channel
    // for a canonically equivalent `aud`.
    private let validators: [(channelID: String, validator: IDTokenValidator)]
    private let transport: any HTTPTransport
    private let timeout: TimeInterval
    private let metrics: VerificationMetrics

    /// Creates a verifier.
    /// - Parameters:
    ///   - channels: the channels accepted; HS256 tokens are accepted only for channels with a secret.
    ///   - platform: LINE's production platform, or e.g. `.custom(baseURL:)` for the emulator.
    ///   - mode: ``Mode/local`` (default) or ``Mode/remote``.
    ///   - nonceStore: where server-issued nonces live, for ``NonceRequirement/issuedByStore``.
    ///   - transport: HTTP for the JWKS and the verify endpoint.
    ///   - clock: the clock for `exp`, `iat`, `nbf`, `auth_time`.
    ///   - leeway: allowed clock skew in seconds (0 to 600).
    ///   - jwksRefetchInterval: the least time between JWKS refetches caused by unknown key IDs.
    ///   - keys: a JWKS cache to use instead of one for the platform's `jwks_uri` (tests, pinned keys).
    ///   - timeout: seconds per request to LINE.
    ///   - cache: remembers tokens verified without a nonce requirement (bearer ID tokens presented on every
    ///     request) until their `exp` or until their key leaves the JWKS; local mode only.
    ///   - outageBackoff: after LINE's verify endpoint failed (5xx, 429, unreachable), seconds it is left
    ///     alone (a longer `Retry-After` is honoured up to five minutes); see OAuthEngine's `OutageBackoff`. The JWKS
    ///     cache has its own back-off.
    ///   - observability: where verifications and calls to LINE (JWKS fetches included) are logged and
    ///     counted (``LineLoginObservability``).
    /// - Throws: ``LineServerConfigurationError`` without channels, with a plain-http non-loopback platform,
    ///   or with a leeway outside `IDTokenValidator.leewayBounds`.
    public init(
        channels: [LineChannel], platform: LinePlatform = .production, mode: Mode = .local,
        nonceStore: (any NonceStore)? = nil, transport: any HTTPTransport = URLSessionTransport(),
        clock: any WallClock = SystemClock(), leeway: TimeInterval = 60, jwksRefetchInterval: TimeInterval = 60,
        keys: KeySetCache? = nil, timeout: TimeInterval = 10, cache: VerifiedIDTokenCache? = nil,
        outageBackoff: TimeInterval = 5, observability: LineLoginObservability = LineLoginObservability()
    ) throws(LineServerConfigurationError) {
        guard !channels.isEmpty else { throw LineServerConfigurationError("at least one channel is needed") }
        for channel in channels where channel.channelID.isEmpty {
            throw LineServerConfigurationError("a channel ID is empty")
        }
        for (name, url) in [("jwks_uri", platform.jwksURL), ("verify endpoint", platform.verifyURL)] {
            do { try EndpointPolicy.check(url, name: name) } catch { throw LineServerConfigurationError(error.description) }
        }
        let transport = platform.instrumenting(transport, observability)
        let keySet =
            keys
            ?? KeySetCache(
                url: platform.jwksURL, transport: transport, clock: clock,
                minimumRefetchInterval: jwksRefetchInterval, timeout: timeout)
        // LINE's policy (ES256; HS256 only with the channel secret) comes from its provider profile.
        var validators: [(channelID: String, validator: IDTokenValidator)] = []
        for channel in channels where ExactMatch.first(in: validators, named: channel.channelID, by: \.channelID) == nil {
            let configuration = platform.configuration(channelID: channel.channelID, channelSecret: channel.channelSecret, leeway: leeway)
            do {
                validators.append((channel.channelID, try IDTokenValidator(configuration: configuration, keys: keySet, clock: clock)))
            } catch {
                guard case .configuration(let message) = error else { throw LineServerConfigurationError("invalid configuration") }
                throw LineServerConfigurationError(message)
            }
        }
        self.channels = channels
        self.platform = platform
        self.mode = mode
        self.nonceStore = nonceStore
        self.keys = keySet
        self.cache = mode == .local ? cache : nil
        self.validators = validators
        // Every token is a call in remote mode: during an outage, one per back-off, not one per request.
        self.transport = BackoffTransport(wrapping: transport, interval: outageBackoff, clock: clock)
        self.timeout = timeout
        metrics = VerificationMetrics(kind: .idToken, observability: observability)
    }

    /// Verifies `idToken`.
    /// - Parameters:
    ///   - idToken: the raw ID token the app sent.
    ///   - nonce: how the nonce is checked; `nil` means ``NonceRequirement/issuedByStore`` when a nonce
    ///     store is configured, else ``NonceRequirement/notChecked``.
    ///   - maxAge: the `max_age` the login sent; requires a recent enough `auth_time`.
    ///   - userID: the user ID the token must be about, when known.
    ///   - logger: the request's logger, so the records carry its metadata (default: the verifier's).
    /// - Returns: the channel, the claims and the user.
    /// - Throws: ``VerificationError``; ``VerificationError/isUnavailable`` when LINE or the store failed.
    public func verify(
        _ idToken: String, nonce: NonceRequirement? = nil, maxAge: TimeInterval? = nil,
        userID: String? = nil, logger: Logger? = nil
    ) async throws(VerificationError) -> VerifiedIDToken {
        try await metrics.observe(logger: logger, channel: \.channelID) { () async throws(VerificationError) in
            try await check(idToken, nonce: nonce, maxAge: maxAge, userID: userID)
        }
    }

    /// What `verify(idToken, nonce: .notChecked)` would answer, when ``cache`` remembers the token and can
    /// say so without waiting (before its `exp`, its key in the fresh key set): for a framework's
    /// middleware, which then skips the hop into Swift concurrency on a repeated bearer token. `nil` says
    /// nothing about the token: call ``verify(_:nonce:maxAge:userID:logger:)``. Only tokens checked without
    /// a nonce, `max_age` or known user ID are ever remembered.
    /// - Parameters:
    ///   - idToken: the raw ID token the app sent.
    ///   - logger: the request's logger (default: the verifier's).
    public func rememberedVerification(of idToken: String, logger: Logger? = nil) -> VerifiedIDToken? {
        guard let cache, TokenShape.fits(idToken) else { return nil }
        return metrics.observeImmediate(logger: logger, channel: \.channelID) { ours(cache.immediateValue(for: idToken, keys: keys)) }
    }

    /// `remembered`, if it is for one of this verifier's channels: a cache may be shared with verifiers of
    /// other channels, and a token accepted for one of those is not accepted here.
    private func ours(_ remembered: VerifiedIDToken?) -> VerifiedIDToken? {
        guard let remembered, ExactMatch.first(in: validators, named: remembered.channelID, by: \.channelID) != nil else { return nil }
        return remembered
    }

    private func check(
        _ idToken: String, nonce: NonceRequirement?, maxAge: TimeInterval?, userID: String?
    ) async throws(VerificationError) -> VerifiedIDToken {
        try TokenShape.check(idToken)
        let requirement = nonce ?? (nonceStore == nil ? .notChecked : .issuedByStore)
        if requirement == .issuedByStore && nonceStore == nil {
            throw .nonceStoreUnavailable("no nonce store is configured")
        }
        // A token that already passed every check, with nothing more asked of it now, is answered from the cache.
        let cacheable = requirement == .notChecked && maxAge == nil && userID == nil ? cache : nil
        if let cacheable {
            let remembered = ours(await cacheable.value(for: idToken, keys: keys))
            metrics.cacheLookup(hit: remembered != nil)
            if let remembered { return remembered }
        }
        // 1. Form: a token that isn't a compact JWS is refused here, without asking LINE.
        let jws: CompactJWS
        do { jws = try CompactJWS(parsing: idToken) } catch { throw .idToken(.jose(error)) }
        let (channelID, validator) = channel(for: jws.claimSet["aud"])
        let checked: CheckedClaims
        switch mode {
        case .local:
            // 2–3. Algorithm (from configuration) and signature.
            do { try await validator.verifySignature(jws) } catch { throw .idToken(error) }
            // The token's own claims, decoded one by one as the checks read them.
            checked = .claimSet(jws.claimSet)
        case .remote:
            guard ExactMatch.contains(Self.audiences(jws.claimSet["aud"]), channelID) else {
                throw .idToken(.audienceMismatch)
            }
            checked = .dictionary(
                try await RemoteIDTokenCheck(url: platform.verifyURL, issuer: platform.issuer, transport: transport, timeout: timeout)
                    .verify(idToken, channelID: channelID, nonce: Self.nonceToSend(requirement, claims: jws.claimSet), userID: userID))
        }
        let claims = try await checkClaims(checked, validator: validator, requirement: requirement, maxAge: maxAge, userID: userID)
        let verified = VerifiedIDToken(channelID: channelID, claims: claims)
        cacheable?.insert(verified, for: idToken, keyID: jws.header.keyID)
        return verified
    }

    /// Steps 4–9 in the checklist's order; the store's nonce is consumed at step 7, only for a token
    /// whose signature, issuer, audience and times passed.
    private func checkClaims(
        _ raw: CheckedClaims, validator: IDTokenValidator, requirement: NonceRequirement,
        maxAge: TimeInterval?, userID: String?
    ) async throws(VerificationError) -> IDTokenClaims {
        var expectedNonce: String?
        if case .equals(let value) = requirement { expectedNonce = value }
        let claims: IDTokenClaims
        do { claims = try raw.check(with: validator, expecting: IDTokenExpectations(nonce: expectedNonce)) } catch {
            throw .idToken(error)
        }
        if requirement == .issuedByStore, let nonceStore {
            guard let nonce = claims.nonce else { throw .idToken(.nonceMismatch) }
            let consumed: Bool
            do { consumed = try await nonceStore.consume(nonce) } catch { throw .nonceStoreUnavailable(NonceStoreError(error).message) }
            guard consumed else { throw .nonceNotIssued }
        }
        if maxAge != nil || userID != nil {
            do { _ = try raw.check(with: validator, expecting: IDTokenExpectations(maxAge: maxAge, subject: userID)) } catch {
                throw .idToken(error)
            }
        }
        return claims
    }

    /// The channel the token names in `aud`; for a token naming none, the first channel, whose checks
    /// then fail in the checklist's order (signature before audience).
    private func channel(for aud: JSONValue?) -> (String, IDTokenValidator) {
        for audience in Self.audiences(aud) {
            if let match = ExactMatch.first(in: validators, named: audience, by: \.channelID) { return match }
        }
        return validators[0]
    }

    private static func audiences(_ aud: JSONValue?) -> [String] {
        switch aud {
        case .string(let single): return [single]
        case .array(let many): return many.compactMap(\.stringValue)
        default: return []
        }
    }

    private static func nonceToSend(_ requirement: NonceRequirement, claims: ClaimSet) -> String? {
        switch requirement {
        case .notChecked: return nil
        case .equals(let value): return value
        case .issuedByStore: return claims["nonce"]?.stringValue
        }
    }
}
#endif
