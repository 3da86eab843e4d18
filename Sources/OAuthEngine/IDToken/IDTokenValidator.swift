import Crypto
public import Foundation

/// Validates ID tokens in the order of the security checklist (OIDC Core 3.1.3.7):
/// form → algorithm → signature → `iss` → `aud`/`azp` → `exp`/`iat`/`nbf` → `nonce` → `auth_time` → `sub`.
public struct IDTokenValidator: Sendable {
    /// The issuer that `iss` must equal.
    public let issuer: String
    /// The client ID that `aud` must name.
    public let clientID: String
    /// Algorithms accepted (from configuration).
    public let allowedAlgorithms: Set<JWSAlgorithm>
    /// The HS256 key, when HS256 is allowed for this flow. Not public: it is a secret.
    let hmacSecret: String?
    // Built once: validation is a per-request hot path on servers.
    private let hs256Key: HS256Key?
    /// The JWKS for ES256/RS256.
    public let keys: KeySetCache?
    /// Allowed clock skew, within ``leewayBounds``.
    public let leeway: TimeInterval
    /// The clock.
    public let clock: any WallClock

    /// The clock skew a validator may allow: 0 to 10 minutes. Real clocks drift by seconds; a larger
    /// leeway only stretches how long a stolen token lives, and infinity or NaN would switch the time
    /// checks off (`now < exp + .infinity` always holds; every comparison with NaN fails).
    public static let leewayBounds: ClosedRange<TimeInterval> = 0...600

    /// The one decision on a leeway, wherever it enters (this validator, ``ProviderConfiguration/validate()``,
    /// the LINE and server layers, the CLI): throws ``OAuthError/configuration(_:)`` unless `leeway` is
    /// within ``leewayBounds`` (negative, larger, infinite and NaN values are refused).
    public static func checkLeeway(_ leeway: TimeInterval) throws(OAuthError) {
        guard leewayBounds.contains(leeway) else {
            throw .configuration("leeway must be from \(Int(leewayBounds.lowerBound)) to \(Int(leewayBounds.upperBound)) seconds")
        }
    }

    /// Creates a validator. HS256 is dropped from `allowedAlgorithms` when no secret is given.
    /// - Throws: ``OAuthError/configuration(_:)`` when `leeway` is outside ``leewayBounds``.
    public init(
        issuer: String, clientID: String, allowedAlgorithms: Set<JWSAlgorithm>, hmacSecret: String? = nil,
        keys: KeySetCache?, leeway: TimeInterval = 60, clock: any WallClock = SystemClock()
    ) throws(OAuthError) {
        try Self.checkLeeway(leeway)
        self.issuer = issuer
        self.clientID = clientID
        self.allowedAlgorithms = hmacSecret == nil ? allowedAlgorithms.subtracting([.hs256]) : allowedAlgorithms
        self.hmacSecret = hmacSecret
        hs256Key = hmacSecret.map { HS256Key(SymmetricKey(data: Data($0.utf8))) }
        self.keys = keys
        self.leeway = leeway
        self.clock = clock
    }

    /// Creates a validator for a provider configuration.
    /// - Throws: ``OAuthError/configuration(_:)`` when the configuration's leeway is outside ``leewayBounds``.
    public init(configuration: ProviderConfiguration, keys: KeySetCache?, clock: any WallClock = SystemClock()) throws(OAuthError) {
        try self.init(
            issuer: configuration.endpoints.issuer, clientID: configuration.clientID,
            allowedAlgorithms: configuration.idTokenAlgorithms, hmacSecret: configuration.hmacSecret,
            keys: keys, leeway: configuration.leeway, clock: clock)
    }

    /// Validates `token` and returns its claims.
    public func validate(_ token: String, expecting expectations: IDTokenExpectations) async throws(IDTokenError) -> IDTokenClaims {
        // 1. Form.
        let jws: CompactJWS
        do { jws = try CompactJWS(parsing: token) } catch { throw .jose(error) }
        // 2–3. Algorithm from configuration, then the signature.
        try await verifySignature(jws)
        return try checkClaims(jws.claimSet, expecting: expectations)
    }

    /// Checks only the signature (steps 1–3) of a parsed token.
    public func verifySignature(_ jws: CompactJWS) async throws(IDTokenError) {
        guard let algorithm = JWSAlgorithm(rawValue: jws.header.algorithm) else {
            throw .jose(.unsupportedAlgorithm(JWSVerifier.printableName(jws.header.algorithm)))
        }
        guard allowedAlgorithms.contains(algorithm) else {
            if algorithm == .hs256 && hmacSecret == nil { throw .noSecretForHS256 }
            throw .jose(.algorithmNotAllowed(algorithm.rawValue))
        }
        if jws.header.critical != nil { throw .jose(.criticalHeader) }
        switch algorithm {
        case .hs256:
            guard let hs256Key else { throw .noSecretForHS256 }
            do { try JWSVerifier.verify(jws, allowed: allowedAlgorithms, hs256Key: hs256Key) } catch { throw .jose(error) }
        case .es256, .rs256:
            guard let keys else { throw .keysUnavailable("no JWKS configured") }
            let kid = jws.header.keyID
            let keySet: JWKSet
            if let cached = keys.cachedKeySet(for: kid) { keySet = cached } else { keySet = try await keys.keySet(for: kid) }
            // One selector for every caller: an unknown kid, a kid whose key doesn't fit, and an ambiguous
            // choice are told apart (OIDC Core §10.1: several fitting keys and no kid is a refusal).
            do { try JWSVerifier.verify(jws, allowed: allowedAlgorithms, keySet: keySet) } catch {
                throw .jose(error)
            }
        }
    }

    /// Steps 4–9 on an already verified claim set.
    public func checkClaims(_ claims: [String: JSONValue], expecting expectations: IDTokenExpectations) throws(IDTokenError)
        -> IDTokenClaims
    {
        try checkClaims(expecting: expectations) { claims[$0] }
        return IDTokenClaims(raw: claims)
    }

    /// Steps 4–9 on the already verified claims of a parsed token, decoding only the claims checked.
    public func checkClaims(_ claims: ClaimSet, expecting expectations: IDTokenExpectations) throws(IDTokenError) -> IDTokenClaims {
        try checkClaims(expecting: expectations) { claims[$0] }
        return IDTokenClaims(claimSet: claims)
    }

    /// The checks themselves, once for every form of claim set: `claims` reads one claim by name.
    private func checkClaims(expecting expectations: IDTokenExpectations, _ claims: (String) -> JSONValue?) throws(IDTokenError) {
        // 4. Issuer, exactly (the same bytes: see ExactMatch).
        let tokenIssuer = claims("iss")?.stringValue
        guard let tokenIssuer, ExactMatch.equals(tokenIssuer, issuer) else {
            throw .issuerMismatch(expected: issuer, actual: tokenIssuer)
        }
        // 5. Audience and authorized party.
        switch claims("aud") {
        case .string(let audience):
            guard ExactMatch.equals(audience, clientID) else { throw .audienceMismatch }
        case .array(let audiences):
            guard ExactMatch.contains(audiences.compactMap(\.stringValue), clientID) else { throw .audienceMismatch }
            if audiences.count > 1, !namesClient(claims("azp")) { throw .authorizedPartyMismatch }
        default:
            throw .audienceMismatch
        }
        if let azp = claims("azp"), !namesClient(azp) { throw .authorizedPartyMismatch }
        // 6. Times, each with leeway.
        let now = clock.now().timeIntervalSince1970
        guard let exp = claims("exp")?.doubleValue, now < exp + leeway else { throw .expired }
        guard let iat = claims("iat")?.doubleValue else { throw .missingIssuedAt }
        guard iat <= now + leeway else { throw .issuedInFuture }
        if let nbfValue = claims("nbf") {
            guard let nbf = nbfValue.doubleValue, nbf <= now + leeway else { throw .notYetValid }
        }
        // 7. Nonce (the caller consumed the pending login that held it, so it can't be used twice).
        if let expected = expectations.nonce {
            guard let nonce = claims("nonce")?.stringValue, SecureCompare.equals(nonce, expected) else { throw .nonceMismatch }
        }
        // 8. auth_time when max_age was sent.
        if let maxAge = expectations.maxAge {
            guard let authTime = claims("auth_time")?.doubleValue, authTime + maxAge + leeway >= now else { throw .authTimeInvalid }
        }
        // 9. Subject.
        guard let subject = claims("sub")?.stringValue, !subject.isEmpty else { throw .missingSubject }
        if let expectedSubject = expectations.subject, !ExactMatch.equals(expectedSubject, subject) { throw .subjectMismatch }
    }

    /// Whether `value` is a string naming this client, byte for byte (`azp`).
    private func namesClient(_ value: JSONValue?) -> Bool {
        guard let name = value?.stringValue else { return false }
        return ExactMatch.equals(name, clientID)
    }
}

extension IDTokenValidator: CustomStringConvertible, CustomReflectable {
    /// Issuer, client and algorithms; never the HS256 secret.
    public var description: String {
        "IDTokenValidator(issuer: \(issuer), clientID: \(clientID), algorithms: \(allowedAlgorithms.map(\.rawValue).sorted()), hs256Secret: \(hmacSecret == nil ? "none" : "<redacted>"))"
    }

    /// What `dump` and debuggers show: the description's fields, never the secret.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "issuer": issuer, "clientID": clientID, "allowedAlgorithms": allowedAlgorithms,
                "hs256Secret": hmacSecret == nil ? "none" : "<redacted>", "leeway": leeway,
            ])
    }
}
