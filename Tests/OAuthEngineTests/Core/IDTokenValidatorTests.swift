@testable import ClientTestSupport
import Crypto
import CryptoExtras
import Foundation
@testable import OAuthEngine
import Testing
import LineLoginPrimitives

/// One test per ID-token check of the security checklist (form → alg → signature → iss → aud/azp →
/// times → nonce → auth_time → sub): each builds a token that is valid except for that one thing, so
/// it fails if the check is removed.
@Suite struct IDTokenValidatorTests {
    let clock = TestClock()
    let jwks = Locked<Data>(CoreFixtures.defaultJWKS())
    let transport: ScriptedTransport

    init() {
        let jwks = self.jwks
        transport = ScriptedTransport { request in
            guard request.url.path == CoreFixtures.jwksPath else { return HTTPResponse(statusCode: 404) }
            return HTTPResponse(statusCode: 200, body: jwks.wrappedValue)
        }
    }

    // MARK: - Helpers

    func makeValidator(allowed: Set<JWSAlgorithm> = [.es256, .rs256], secret: String? = nil, leeway: TimeInterval = 60) throws
        -> IDTokenValidator
    {
        try IDTokenValidator(
            issuer: CoreFixtures.issuer, clientID: CoreFixtures.clientID, allowedAlgorithms: allowed, hmacSecret: secret,
            keys: KeySetCache(url: CoreFixtures.jwksURI, transport: transport, clock: clock), leeway: leeway, clock: clock)
    }

    func claims(_ overrides: [String: Any] = [:], removing: [String] = []) -> [String: Any] {
        CoreFixtures.claims(now: clock.now(), overrides: overrides, removing: removing)
    }

    /// A valid ES256 token (kid ec-1) with the given claim changes.
    func es256(_ overrides: [String: Any] = [:], removing: [String] = []) -> String {
        TestTokenSigner.sign(claims(overrides, removing: removing), key: .es256(TestTokenSigner.ecKey), kid: "ec-1")
    }

    /// `nil` when the token validates, else the error.
    func refusal(
        _ token: String, expecting expectations: IDTokenExpectations = IDTokenExpectations(nonce: CoreFixtures.nonce),
        validator: IDTokenValidator? = nil
    ) async -> IDTokenError? {
        let chosen: IDTokenValidator
        do { chosen = try validator ?? makeValidator() } catch {
            Issue.record("the test's validator is misconfigured: \(error)")
            return .missing
        }
        do {
            _ = try await chosen.validate(token, expecting: expectations)
            return nil
        } catch {
            return error
        }
    }

    static func isMalformed(_ error: IDTokenError?) -> Bool {
        if case .jose(.malformed) = error { return true }
        return false
    }

    // MARK: - Valid tokens

    @Test func acceptsValidES256() async throws {
        let claims = try await makeValidator().validate(es256(), expecting: IDTokenExpectations(nonce: CoreFixtures.nonce))
        #expect(claims.subject == CoreFixtures.subject)
        #expect(claims.issuer == CoreFixtures.issuer)
        #expect(claims.audience == [CoreFixtures.clientID])
        #expect(claims.nonce == CoreFixtures.nonce)
        #expect(claims.amr == ["pwd"])
        #expect(claims.name == "Alice")
        #expect(claims.expiration == clock.now().addingTimeInterval(3600))
    }

    @Test func acceptsValidRS256() async throws {
        let token = TestTokenSigner.sign(claims(), key: .rs256(TestTokenSigner.rsaKey), kid: "rsa-1")
        let claims = try await makeValidator(allowed: [.rs256]).validate(token, expecting: IDTokenExpectations(nonce: CoreFixtures.nonce))
        #expect(claims.subject == CoreFixtures.subject)
    }

    @Test func acceptsValidHS256KeyedWithTheChannelSecret() async throws {
        // LINE's web-login ID tokens: HS256 keyed with the UTF-8 bytes of the channel secret, no kid, no JWKS
        // (although LINE's discovery advertises only ES256).
        let token = TestTokenSigner.sign(claims(), key: .hs256(Array(CoreFixtures.secret.utf8)))
        let claims = try await makeValidator(allowed: [.hs256], secret: CoreFixtures.secret)
            .validate(token, expecting: IDTokenExpectations(nonce: CoreFixtures.nonce))
        #expect(claims.subject == CoreFixtures.subject)
        #expect(transport.totalCount == 0)
    }

    // MARK: - 1. Form

    @Test func refusesTokenWithTwoParts() async {
        let parts = es256().split(separator: ".")
        #expect(Self.isMalformed(await refusal(parts[0] + "." + parts[1])))
        // An empty signature part parses, and fails verification.
        #expect(await refusal(parts[0] + "." + parts[1] + ".") == .jose(.invalidSignature))
        #expect(Self.isMalformed(await refusal(es256() + ".extra")))
    }

    @Test func refusesPaddedParts() async {
        // Signed over the padded text, so only the no-padding rule refuses it.
        let header = TestTokenSigner.json(TestTokenSigner.header(alg: "ES256", kid: "ec-1"))
        let payload = TestTokenSigner.json(claims(["pad": "x"]))
        let headerPart = TestTokenSigner.paddedBase64URL(header)
        let payloadPart = TestTokenSigner.paddedBase64URL(payload)
        #expect(headerPart.hasSuffix("=") || payloadPart.hasSuffix("="), "fixture must need padding")
        let token = TestTokenSigner.signRaw(headerPart: headerPart, payloadPart: payloadPart, key: .es256(TestTokenSigner.ecKey))
        #expect(Self.isMalformed(await refusal(token)))
    }

    @Test func refusesNonJSONHeaderOrPayload() async {
        let key = TestTokenSigner.Key.es256(TestTokenSigner.ecKey)
        let header = TestTokenSigner.json(TestTokenSigner.header(alg: "ES256", kid: "ec-1"))
        let payload = TestTokenSigner.json(claims())
        #expect(Self.isMalformed(await refusal(TestTokenSigner.sign(headerJSON: header, payload: Array("not json".utf8), key: key))))
        #expect(Self.isMalformed(await refusal(TestTokenSigner.sign(headerJSON: header, payload: Array("[1,2]".utf8), key: key))))
        #expect(Self.isMalformed(await refusal(TestTokenSigner.sign(headerJSON: Array("ES256".utf8), payload: payload, key: key))))
    }

    @Test func refusesAValidlySignedTokenOverTheSizeLimit() async throws {
        // A real signature over a claim set padded past the limit: only the size rule refuses it.
        let limit = CompactJWS.maximumLength
        let large = es256(["pad": String(repeating: "x", count: limit)])
        #expect(large.utf8.count > limit)
        #expect(await refusal(large) == .jose(.tooLarge(limit: limit)))
        #expect(transport.count(path: CoreFixtures.jwksPath) == 0, "refused before any key lookup")
        let megabyte = es256(["pad": String(repeating: "x", count: 1 << 20)])
        #expect(await refusal(megabyte) == .jose(.tooLarge(limit: limit)))
        // Just under the limit, the same kind of token is accepted.
        let base = es256(["pad": ""]).utf8.count
        let fitting = es256(["pad": String(repeating: "x", count: (limit - base) * 3 / 4 - 16)])
        #expect(fitting.utf8.count <= limit)
        #expect(await refusal(fitting) == nil)
    }

    // MARK: - 2. Algorithm

    @Test func refusesAlgNone() async throws {
        let token = TestTokenSigner.sign(claims(), key: .unsigned)
        let error = await refusal(token, validator: try makeValidator(allowed: Set(JWSAlgorithm.allCases), secret: CoreFixtures.secret))
        #expect(error == .jose(.unsupportedAlgorithm("none")))
        // Not even with the "None" spelling or a kid that exists.
        let spelled = TestTokenSigner.sign(header: TestTokenSigner.header(alg: "None", kid: "ec-1"), claims: claims(), key: .unsigned)
        #expect(await refusal(spelled) == .jose(.unsupportedAlgorithm("None")))
    }

    @Test func refusesHS256WhenTheChannelSecretIsShorterThan32Bytes() async throws {
        // RFC 7518 §3.2: the validator keys HMAC once at init, and still refuses a short secret on use.
        let short = "0123456789abcdef0123456789abcde"
        let token = TestTokenSigner.sign(claims(), key: .hs256(Array(short.utf8)))
        let validator = try makeValidator(allowed: [.hs256], secret: short)
        #expect(await refusal(token, validator: validator) == .jose(.invalidKey("HMAC key is shorter than 32 bytes")))
    }

    @Test func refusesHS256WhenNoSecretIsConfigured() async throws {
        // HS256 in the allow-list but no secret: the validator drops it.
        let token = TestTokenSigner.sign(claims(), key: .hs256(Array(CoreFixtures.secret.utf8)))
        let validator = try makeValidator(allowed: [.es256, .hs256], secret: nil)
        #expect(!validator.allowedAlgorithms.contains(.hs256))
        #expect(await refusal(token, validator: validator) == .noSecretForHS256)
    }

    @Test func refusesAlgorithmConfusionWithThePublicKeyAsHMACSecret() async throws {
        // The attacker MACs an HS256 token with public material: the EC public key bytes, or the JWKS document.
        let publicKeyBytes = Array(TestTokenSigner.ecKey.publicKey.x963Representation)
        let rawKeyBytes = Array(TestTokenSigner.ecKey.publicKey.rawRepresentation)
        let jwksBytes = Array(CoreFixtures.defaultJWKS())
        for secret in [publicKeyBytes, rawKeyBytes, jwksBytes] {
            let token = TestTokenSigner.sign(claims(), key: .hs256(secret), kid: "ec-1")
            #expect(await refusal(token, validator: try makeValidator(allowed: [.es256, .rs256, .hs256])) == .noSecretForHS256)
            // With a (different) channel secret configured, the public key is still never the MAC key.
            #expect(
                await refusal(token, validator: try makeValidator(allowed: [.es256, .hs256], secret: CoreFixtures.secret))
                    == .jose(.invalidSignature))
        }
        #expect(transport.count(path: CoreFixtures.jwksPath) == 0, "an HS256 token never selects a JWKS key")
    }

    @Test func refusesES256WhenOnlyRS256IsAllowed() async throws {
        #expect(await refusal(es256(), validator: try makeValidator(allowed: [.rs256])) == .jose(.algorithmNotAllowed("ES256")))
        #expect(transport.count(path: CoreFixtures.jwksPath) == 0, "refused from configuration, before any key lookup")
    }

    @Test func refusesCritHeader() async {
        let crit = ["crit": ["exp"], "exp": 1] as [String: Any]
        let token = TestTokenSigner.sign(claims(), key: .es256(TestTokenSigner.ecKey), kid: "ec-1", extraHeader: crit)
        #expect(await refusal(token) == .jose(.criticalHeader))
        // Refused before any key lookup: an unknown kid with crit costs no JWKS request.
        let unknownKid = TestTokenSigner.sign(claims(), key: .es256(TestTokenSigner.ecKey), kid: "nope", extraHeader: crit)
        #expect(await refusal(unknownKid) == .jose(.criticalHeader))
        #expect(transport.count(path: CoreFixtures.jwksPath) == 0)
    }

    // MARK: - 3. Signature and key

    @Test func refusesBadSignature() async throws {
        let otherKey = TestTokenSigner.sign(claims(), key: .es256(TestTokenSigner.otherECKey), kid: "ec-1")
        #expect(await refusal(otherKey) == .jose(.invalidSignature))

        // A valid token whose payload was swapped after signing.
        let parts = es256().split(separator: ".").map(String.init)
        let forgedPayload = Base64URL.encode(TestTokenSigner.json(claims(["sub": "Uattacker"])))
        #expect(await refusal([parts[0], forgedPayload, parts[2]].joined(separator: ".")) == .jose(.invalidSignature))

        let rsaForged = TestTokenSigner.sign(
            claims(), key: .fixed([UInt8](repeating: 1, count: 256)), kid: "rsa-1",
            extraHeader: ["alg": "RS256"])
        #expect(await refusal(rsaForged, validator: try makeValidator(allowed: [.rs256])) == .jose(.invalidSignature))
    }

    @Test func unknownKeyIDRefetchesOnceThenFails() async throws {
        let validator = try makeValidator()
        #expect(await refusal(es256(), validator: validator) == nil)
        #expect(transport.count(path: CoreFixtures.jwksPath) == 1)

        let unknown = TestTokenSigner.sign(claims(), key: .es256(TestTokenSigner.ecKey), kid: "ec-rotated")
        #expect(await refusal(unknown, validator: validator) == .jose(.unknownKeyID))
        #expect(transport.count(path: CoreFixtures.jwksPath) == 2, "exactly one refetch")
    }

    @Test func refusesKeyWhoseParametersDoNotFitTheAlgorithm() async {
        // The kid matches, the bytes are right, but the key is published for encryption / another algorithm.
        for extra: [String: Any] in [["use": "enc"], ["alg": "ES384"], ["key_ops": ["sign"]]] {
            jwks.wrappedValue = TestTokenSigner.jwks([TestTokenSigner.ecJWK(TestTokenSigner.ecKey.publicKey, kid: "ec-1", extra: extra)])
            let error = await refusal(es256())
            // The kid is known: the key is the wrong one, not an unknown one.
            #expect(error == .jose(.keyMismatch), "\(extra)")
        }
        // An RS256 token naming the EC key's kid.
        jwks.wrappedValue = CoreFixtures.defaultJWKS()
        let confused = TestTokenSigner.sign(claims(), key: .rs256(TestTokenSigner.rsaKey), kid: "ec-1")
        #expect(await refusal(confused) == .jose(.keyMismatch))
    }

    // MARK: - 4. Issuer

    @Test func refusesIssuerMismatch() async {
        #expect(
            await refusal(es256(["iss": "https://evil.example"]))
                == .issuerMismatch(expected: CoreFixtures.issuer, actual: "https://evil.example"))
        #expect(
            await refusal(es256(["iss": CoreFixtures.issuer + "/"]))
                == .issuerMismatch(expected: CoreFixtures.issuer, actual: CoreFixtures.issuer + "/"))
        #expect(await refusal(es256(["iss": "HTTPS://ISSUER.EXAMPLE"])) != nil)
        #expect(await refusal(es256(removing: ["iss"])) == .issuerMismatch(expected: CoreFixtures.issuer, actual: nil))
    }

    // MARK: - 5. Audience and authorized party

    @Test func refusesAudienceMismatch() async {
        #expect(await refusal(es256(["aud": "0987654321"])) == .audienceMismatch)
        #expect(await refusal(es256(["aud": ["0987654321", "1111111111"]])) == .audienceMismatch)
        #expect(await refusal(es256(["aud": 1234567890])) == .audienceMismatch)
        #expect(await refusal(es256(removing: ["aud"])) == .audienceMismatch)
        // A single-element array naming the client is fine.
        #expect(await refusal(es256(["aud": [CoreFixtures.clientID]])) == nil)
    }

    @Test func severalAudiencesNeedAuthorizedParty() async {
        #expect(await refusal(es256(["aud": [CoreFixtures.clientID, "other-client"]])) == .authorizedPartyMismatch)
        #expect(await refusal(es256(["aud": [CoreFixtures.clientID, "other-client"], "azp": "other-client"])) == .authorizedPartyMismatch)
        #expect(await refusal(es256(["aud": [CoreFixtures.clientID, "other-client"], "azp": CoreFixtures.clientID])) == nil)
    }

    @Test func refusesAuthorizedPartyMismatch() async {
        #expect(await refusal(es256(["azp": "other-client"])) == .authorizedPartyMismatch)
        #expect(await refusal(es256(["azp": CoreFixtures.clientID])) == nil)
    }

    // MARK: - 6. Times

    @Test func expiryWithLeeway() async throws {
        let now = Int(clock.seconds)
        #expect(await refusal(es256(["exp": now - 61])) == .expired)
        #expect(await refusal(es256(["exp": now - 30])) == nil, "within the 60 s leeway")
        #expect(await refusal(es256(removing: ["exp"])) == .expired)
        #expect(await refusal(es256(["exp": "\(now + 3600)"])) == .expired, "a string is not a NumericDate")
        // The leeway is configurable.
        #expect(await refusal(es256(["exp": now - 1]), validator: try makeValidator(leeway: 0)) == .expired)
    }

    @Test func issuedAtMustBePresentAndNotInTheFuture() async {
        let now = Int(clock.seconds)
        #expect(await refusal(es256(removing: ["iat"])) == .missingIssuedAt)
        #expect(await refusal(es256(["iat": now + 120])) == .issuedInFuture)
        #expect(await refusal(es256(["iat": now + 30])) == nil, "within the leeway")
    }

    @Test func notBeforeInTheFutureIsRefused() async {
        let now = Int(clock.seconds)
        #expect(await refusal(es256(["nbf": now + 120])) == .notYetValid)
        #expect(await refusal(es256(["nbf": now + 30])) == nil)
        #expect(await refusal(es256(["nbf": now - 10])) == nil)
        #expect(await refusal(es256(["nbf": "soon"])) == .notYetValid)
    }

    // MARK: - 7. Nonce

    @Test func nonceMustEqualTheOneSent() async {
        #expect(await refusal(es256(removing: ["nonce"])) == .nonceMismatch)
        #expect(await refusal(es256(["nonce": "another-nonce"])) == .nonceMismatch)
        #expect(await refusal(es256(["nonce": CoreFixtures.nonce + "x"])) == .nonceMismatch)
        #expect(await refusal(es256(["nonce": 42])) == .nonceMismatch)
    }

    @Test func noExpectedNoncePasses() async {
        #expect(await refusal(es256(removing: ["nonce"]), expecting: IDTokenExpectations()) == nil)
        #expect(await refusal(es256(), expecting: IDTokenExpectations()) == nil)
    }

    // MARK: - 8. auth_time

    @Test func maxAgeNeedsRecentAuthTime() async {
        let now = Int(clock.seconds)
        let maxAge = IDTokenExpectations(nonce: CoreFixtures.nonce, maxAge: 600)
        #expect(await refusal(es256(), expecting: maxAge) == .authTimeInvalid, "auth_time missing")
        #expect(await refusal(es256(["auth_time": now - 3600]), expecting: maxAge) == .authTimeInvalid)
        #expect(await refusal(es256(["auth_time": now - 300]), expecting: maxAge) == nil)
        // Without max_age, auth_time is not required.
        #expect(await refusal(es256()) == nil)
    }

    // MARK: - 9. Subject

    @Test func subjectMustBePresent() async {
        #expect(await refusal(es256(removing: ["sub"])) == .missingSubject)
        #expect(await refusal(es256(["sub": ""])) == .missingSubject)
        #expect(await refusal(es256(["sub": 12])) == .missingSubject)
    }

    @Test func subjectMustEqualTheKnownUserID() async {
        let expectations = IDTokenExpectations(nonce: CoreFixtures.nonce, subject: "Uffffffffffffffffffffffffffffffff")
        #expect(await refusal(es256(), expecting: expectations) == .subjectMismatch)
        let matching = IDTokenExpectations(nonce: CoreFixtures.nonce, subject: CoreFixtures.subject)
        #expect(await refusal(es256(), expecting: matching) == nil)
    }

    // MARK: - Order

    @Test func signatureIsCheckedBeforeClaims() async {
        let both = TestTokenSigner.sign(claims(["iss": "https://evil.example"]), key: .es256(TestTokenSigner.otherECKey), kid: "ec-1")
        #expect(await refusal(both) == .jose(.invalidSignature))
    }

    @Test func claimChecksRunInChecklistOrder() async {
        let now = Int(clock.seconds)
        // Each token breaks two consecutive checks; the earlier one is reported.
        #expect(
            await refusal(es256(["iss": "https://evil.example", "aud": "x"]))
                == .issuerMismatch(expected: CoreFixtures.issuer, actual: "https://evil.example"))
        #expect(await refusal(es256(["aud": "x", "exp": now - 3600])) == .audienceMismatch)
        #expect(await refusal(es256(["exp": now - 3600, "nonce": "x"])) == .expired)
        #expect(
            await refusal(es256(["nonce": "x"]), expecting: IDTokenExpectations(nonce: CoreFixtures.nonce, maxAge: 1)) == .nonceMismatch)
        #expect(
            await refusal(es256(removing: ["sub"]), expecting: IDTokenExpectations(nonce: CoreFixtures.nonce, maxAge: 1))
                == .authTimeInvalid)
    }

    // MARK: - Error hygiene

    @Test func unsupportedAlgorithmNameInErrorIsSanitized() async {
        // An attacker's `alg` goes into the error only as short printable ASCII, so a forged header
        // can't put anything into logs.
        let forged = "none\nlevel=info msg=\"login ok\" user=admin"
        let token = TestTokenSigner.sign(header: TestTokenSigner.header(alg: forged), claims: claims(), key: .unsigned)
        let error = await refusal(token)
        #expect(error == .jose(.unsupportedAlgorithm("(unrecognized)")))
        #expect(!String(describing: error).contains("\n"))
    }

    // MARK: - Key choice

    @Test func tokenWithoutKidIsRefusedWhenSeveralKeysFit() async {
        // OIDC Core §10.1: with several usable keys the token must name one (no trying each in turn).
        jwks.wrappedValue = TestTokenSigner.jwks([
            TestTokenSigner.ecJWK(TestTokenSigner.otherECKey.publicKey, kid: "ec-0"),
            TestTokenSigner.ecJWK(TestTokenSigner.ecKey.publicKey, kid: "ec-1"),
        ])
        let noKid = TestTokenSigner.sign(claims(), key: .es256(TestTokenSigner.ecKey))
        guard case .jose(.invalidKey) = await refusal(noKid) else {
            Issue.record("a kid-less token was tried against every key")
            return
        }
        // With one fitting key, no kid is fine, also next to keys for other algorithms.
        jwks.wrappedValue = TestTokenSigner.jwks([TestTokenSigner.ecJWK(TestTokenSigner.ecKey.publicKey, kid: "ec-1")])
        #expect(await refusal(noKid) == nil)
        jwks.wrappedValue = CoreFixtures.defaultJWKS()
        #expect(await refusal(noKid) == nil)
    }
}
