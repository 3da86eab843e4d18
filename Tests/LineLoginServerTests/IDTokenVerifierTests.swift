#if Hummingbird && Emulator
@testable import ClientTestSupport
import Crypto
import Foundation
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

/// One test (at least) per ID-token rule of the security checklist, with tokens signed here by swift-crypto.
@Suite struct IDTokenVerifierTests {
    let clock = TestClock()
    let keys = TestTokens(keyID: "key-1")
    let transport: ScriptedTransport

    init() {
        let jwks = TestTokens.jwks([keys])
        transport = ScriptedTransport { request throws(TransportError) in
            guard request.url.path == "/oauth2/v2.1/certs" else { return HTTPResponse(statusCode: 404) }
            return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: jwks)
        }
    }

    var now: Date { clock.now() }

    func verifier(
        channels: [LineChannel] = [LineChannel(channelID: TestTokens.channelID, channelSecret: TestTokens.secret)],
        nonceStore: (any NonceStore)? = nil
    ) throws -> IDTokenVerifier {
        try IDTokenVerifier(channels: channels, nonceStore: nonceStore, transport: transport, clock: clock)
    }

    func expectFailure(
        _ token: String, _ code: String, verifier: IDTokenVerifier? = nil, nonce: IDTokenVerifier.NonceRequirement? = nil,
        maxAge: TimeInterval? = nil, userID: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let verifier = try verifier ?? self.verifier()
        do {
            let verified = try await verifier.verify(token, nonce: nonce, maxAge: maxAge, userID: userID)
            Issue.record("accepted a token that should fail with \(code): \(verified.user.userID)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "got \(error.code): \(error)", sourceLocation: sourceLocation)
            #expect(!error.isUnavailable, sourceLocation: sourceLocation)
        }
    }

    // MARK: Valid tokens

    @Test func acceptsES256WithTheJWKS() async throws {
        let verified = try await verifier().verify(keys.es256(TestTokens.claims(now: now)))
        #expect(verified.channelID == TestTokens.channelID)
        #expect(verified.user.userID == TestTokens.userID)
        #expect(verified.user.displayName == "Brown")
        #expect(verified.user.method == .idToken)
        #expect(verified.claims.amr == ["pwd"])
    }

    @Test func acceptsHS256KeyedWithTheChannelSecret() async throws {
        let verified = try await verifier().verify(TestTokens.hs256(TestTokens.claims(now: now)))
        #expect(verified.user.userID == TestTokens.userID)
        #expect(transport.requests.isEmpty, "HS256 needs no JWKS")
    }

    @Test func cachesTheJWKS() async throws {
        let verifier = try verifier()
        for _ in 0..<5 { _ = try await verifier.verify(keys.es256(TestTokens.claims(now: now))) }
        #expect(transport.requests.count == 1)
        #expect(await verifier.keys.fetchCount == 1)
    }

    /// A shared store that is down; its error text would quote the nonce.
    struct FailingNonceStore: NonceStore {
        struct Down: Error, CustomStringConvertible { var description: String { "nonce n-SECRET not found: connection refused" } }
        func issue(for client: String) async throws -> String { throw Down() }
        func consume(_ nonce: String) async throws -> Bool { throw Down() }
    }

    @Test func aFailingNonceStoreIsAnOutageThatQuotesNothing() async throws {
        let verifier = try verifier(nonceStore: FailingNonceStore())
        do {
            _ = try await verifier.verify(keys.es256(TestTokens.claims(now: now, nonce: "n-SECRET")))
            Issue.record("accepted a token while the nonce store was down")
        } catch {
            #expect(error.code == "nonce_store_unavailable")
            #expect(!"\(error)".contains("n-SECRET"))
        }
    }

    // MARK: 1. Well-formed compact JWS

    @Test(arguments: ["garbage", "a.b", "a.b.c.d", "...", "eyJhbGciOiJFUzI1NiJ9.e30", "e30.e30.e30=", "bm90IGpzb24.e30.AAAA"])
    func refusesMalformedTokens(_ token: String) async throws {
        try await expectFailure(token, "malformed")
    }

    @Test func refusesPaddedBase64() async throws {
        let token = keys.es256(TestTokens.claims(now: now))
        let parts = token.split(separator: ".").map(String.init)
        try await expectFailure(parts[0] + "=." + parts[1] + "." + parts[2], "malformed")
    }

    @Test func refusesEmptyAndOversizedTokensWithoutParsing() async throws {
        try await expectFailure("", "missing_token")
        try await expectFailure(String(repeating: "a", count: 9000), "malformed")
        try await expectFailure("a b.c.d", "malformed")
    }

    // MARK: 2. Algorithm from configuration, crit refused

    @Test func refusesAlgNone() async throws {
        try await expectFailure(TestTokens.unsigned(TestTokens.claims(now: now)), "unsupported_algorithm")
    }

    @Test func refusesHS256ForAChannelWithoutSecret() async throws {
        let verifier = try verifier(channels: [LineChannel(channelID: TestTokens.channelID)])
        try await expectFailure(TestTokens.hs256(TestTokens.claims(now: now)), "no_secret_for_hs256", verifier: verifier)
    }

    @Test func neverUsesThePublicKeyAsAnHMACSecret() async throws {
        // The classic algorithm-confusion forgery: HS256 keyed with the published EC key.
        let verifier = try verifier(channels: [LineChannel(channelID: TestTokens.channelID)])
        let publicKeyBytes = String(decoding: keys.key.publicKey.x963Representation, as: UTF8.self)
        let forged = TestTokens.hs256(
            TestTokens.claims(now: now), secret: publicKeyBytes,
            header: ["alg": "HS256", "typ": "JWT", "kid": keys.keyID])
        try await expectFailure(forged, "no_secret_for_hs256", verifier: verifier)
    }

    @Test func refusesAlgorithmsNotConfigured() async throws {
        let header: [String: Any] = ["alg": "RS256", "typ": "JWT", "kid": keys.keyID]
        let token = TestTokenSigner.sign(header: header, claims: TestTokens.claims(now: now), key: .fixed(Array(repeating: 1, count: 256)))
        try await expectFailure(token, "algorithm_not_allowed")
        let hs512 = TestTokens.hs256(TestTokens.claims(now: now), header: ["alg": "HS512", "typ": "JWT"])
        try await expectFailure(hs512, "unsupported_algorithm")
    }

    @Test func refusesCriticalHeaders() async throws {
        let token = keys.es256(TestTokens.claims(now: now), header: ["alg": "ES256", "kid": keys.keyID, "crit": ["exp"], "exp": 1])
        try await expectFailure(token, "critical_header")
    }

    // MARK: 3. Signature, kid, refetch

    @Test func refusesATamperedES256Signature() async throws {
        try await expectFailure(TestTokens.tamperedSignature(keys.es256(TestTokens.claims(now: now))), "invalid_signature")
    }

    @Test func refusesATamperedPayload() async throws {
        let token = keys.es256(TestTokens.claims(now: now))
        let parts = token.split(separator: ".").map(String.init)
        var claims = TestTokens.claims(now: now)
        claims["sub"] = "U00000000000000000000000000000000"
        let forgedPayload = TestTokenSigner.sign(header: [:], claims: claims, key: .unsigned).split(separator: ".")[1]
        try await expectFailure(parts[0] + "." + forgedPayload + "." + parts[2], "invalid_signature")
    }

    @Test func refusesAnotherKeyUnderTheSameKid() async throws {
        let impostor = TestTokens(keyID: keys.keyID)
        try await expectFailure(impostor.es256(TestTokens.claims(now: now)), "invalid_signature")
    }

    @Test func refusesHS256WithAnotherSecret() async throws {
        try await expectFailure(TestTokens.hs256(TestTokens.claims(now: now), secret: TestTokens.otherSecret), "invalid_signature")
    }

    @Test func unknownKidRefetchesOnceThenIsRateLimited() async throws {
        let verifier = try verifier()
        _ = try await verifier.verify(keys.es256(TestTokens.claims(now: now)))
        let stranger = TestTokens(keyID: "unknown")
        try await expectFailure(stranger.es256(TestTokens.claims(now: now)), "unknown_key_id", verifier: verifier)
        #expect(await verifier.keys.fetchCount == 2, "one refetch for the unknown kid")
        try await expectFailure(TestTokens(keyID: "unknown-2").es256(TestTokens.claims(now: now)), "unknown_key_id", verifier: verifier)
        #expect(await verifier.keys.fetchCount == 2, "a second unknown kid within the interval does not refetch")
        clock.advance(by: 61)
        try await expectFailure(TestTokens(keyID: "unknown-3").es256(TestTokens.claims(now: now)), "unknown_key_id", verifier: verifier)
        #expect(await verifier.keys.fetchCount == 3, "after the interval a refetch is allowed again")
    }

    @Test func followsKeyRotation() async throws {
        let verifier = try verifier()
        _ = try await verifier.verify(keys.es256(TestTokens.claims(now: now)))
        let rotated = TestTokens(keyID: "key-2")
        let jwks = TestTokens.jwks([keys, rotated])
        transport.setHandler { _ throws(TransportError) in HTTPResponse(statusCode: 200, body: jwks) }
        let verified = try await verifier.verify(rotated.es256(TestTokens.claims(now: now)))
        #expect(verified.user.userID == TestTokens.userID)
        #expect(await verifier.keys.fetchCount == 2)
    }

    @Test func anUnreachableJWKSIsAnOutageNotABadToken() async throws {
        transport.setHandler { _ throws(TransportError) in throw .connectionFailed("URLError -1004") }
        let verifier = try verifier()
        do {
            _ = try await verifier.verify(keys.es256(TestTokens.claims(now: now)))
            Issue.record("accepted without keys")
        } catch {
            #expect(error.isUnavailable)
            #expect(error.code == "keys_unavailable")
        }
    }

    // MARK: 4. Issuer

    @Test func refusesAnotherIssuer() async throws {
        var claims = TestTokens.claims(now: now)
        claims["iss"] = "https://access.line.me.evil.example"
        try await expectFailure(keys.es256(claims), "issuer_mismatch")
        claims["iss"] = "https://access.line.me/"
        try await expectFailure(keys.es256(claims), "issuer_mismatch")
    }

    // MARK: 5. Audience, azp, several channels

    @Test func refusesATokenForAnotherChannel() async throws {
        try await expectFailure(keys.es256(TestTokens.claims(now: now, audience: "9999999999")), "audience_mismatch")
        try await expectFailure(keys.es256(TestTokens.claims(now: now, audience: ["9999999999"])), "audience_mismatch")
    }

    @Test func severalAudiencesNeedAzp() async throws {
        let claims = TestTokens.claims(now: now, audience: [TestTokens.channelID, "9999999999"])
        try await expectFailure(keys.es256(claims), "azp_mismatch")
        var withAzp = claims
        withAzp["azp"] = TestTokens.channelID
        let verified = try await verifier().verify(keys.es256(withAzp))
        #expect(verified.channelID == TestTokens.channelID)
        withAzp["azp"] = "9999999999"
        try await expectFailure(keys.es256(withAzp), "azp_mismatch")
    }

    @Test func acceptsEveryConfiguredChannelWithItsOwnSecret() async throws {
        let verifier = try verifier(channels: [
            LineChannel(channelID: TestTokens.channelID, channelSecret: TestTokens.secret),
            LineChannel(channelID: TestTokens.otherChannelID, channelSecret: TestTokens.otherSecret),
        ])
        let other = TestTokens.hs256(TestTokens.claims(now: now, audience: TestTokens.otherChannelID), secret: TestTokens.otherSecret)
        #expect(try await verifier.verify(other).channelID == TestTokens.otherChannelID)
        let first = TestTokens.hs256(TestTokens.claims(now: now))
        #expect(try await verifier.verify(first).channelID == TestTokens.channelID)
        let crossed = TestTokens.hs256(TestTokens.claims(now: now, audience: TestTokens.otherChannelID), secret: TestTokens.secret)
        try await expectFailure(crossed, "invalid_signature", verifier: verifier)
        #expect(
            try await verifier.verify(keys.es256(TestTokens.claims(now: now, audience: TestTokens.otherChannelID))).channelID
                == TestTokens.otherChannelID)
    }

    // MARK: 6. Times with leeway, injectable clock

    @Test func refusesExpiredTokensBeyondTheLeeway() async throws {
        let token = keys.es256(TestTokens.claims(now: now))
        clock.advance(by: 3600 + 59)
        #expect(try await verifier().verify(token).user.userID == TestTokens.userID, "within the 60 s leeway")
        clock.advance(by: 2)
        try await expectFailure(token, "expired")
    }

    @Test func requiresIatNotInTheFuture() async throws {
        var claims = TestTokens.claims(now: now)
        claims["iat"] = nil
        try await expectFailure(keys.es256(claims), "missing_iat")
        claims["iat"] = Int(now.timeIntervalSince1970) + 120
        try await expectFailure(keys.es256(claims), "iat_in_future")
        claims["iat"] = Int(now.timeIntervalSince1970) + 30
        #expect(try await verifier().verify(keys.es256(claims)).user.userID == TestTokens.userID, "30 s ahead is within the leeway")
    }

    @Test func refusesATokenNotYetValid() async throws {
        var claims = TestTokens.claims(now: now)
        claims["nbf"] = Int(now.timeIntervalSince1970) + 300
        try await expectFailure(keys.es256(claims), "not_yet_valid")
    }

    @Test func refusesATokenWithoutExp() async throws {
        var claims = TestTokens.claims(now: now)
        claims["exp"] = nil
        try await expectFailure(keys.es256(claims), "expired")
    }

    // MARK: 7. Nonce

    @Test func checksAnExpectedNonce() async throws {
        let token = keys.es256(TestTokens.claims(now: now, nonce: "n-1"))
        #expect(try await verifier().verify(token, nonce: .equals("n-1")).claims.nonce == "n-1")
        try await expectFailure(token, "nonce_mismatch", nonce: .equals("n-2"))
        try await expectFailure(keys.es256(TestTokens.claims(now: now)), "nonce_mismatch", nonce: .equals("n-1"))
    }

    @Test func aServerIssuedNonceIsConsumedOnce() async throws {
        let store = MemoryNonceStore(clock: clock)
        let verifier = try verifier(nonceStore: store)
        let nonce = try await store.issue(for: "client")
        let token = keys.es256(TestTokens.claims(now: now, nonce: nonce))
        #expect(try await verifier.verify(token).user.userID == TestTokens.userID)
        try await expectFailure(token, "nonce_not_issued", verifier: verifier)
    }

    @Test func aNonceTheServerNeverIssuedIsRefused() async throws {
        let store = MemoryNonceStore(clock: clock)
        try await expectFailure(
            keys.es256(TestTokens.claims(now: now, nonce: "made-up")), "nonce_not_issued", verifier: verifier(nonceStore: store))
        try await expectFailure(keys.es256(TestTokens.claims(now: now)), "nonce_mismatch", verifier: verifier(nonceStore: store))
    }

    @Test func anExpiredNonceIsRefused() async throws {
        let store = MemoryNonceStore(lifetime: 600, clock: clock)
        let nonce = try await store.issue(for: "client")
        clock.advance(by: 601)
        try await expectFailure(
            keys.es256(TestTokens.claims(now: now, nonce: nonce)), "nonce_not_issued", verifier: verifier(nonceStore: store))
    }

    @Test func aForgedTokenDoesNotBurnTheNonce() async throws {
        let store = MemoryNonceStore(clock: clock)
        let verifier = try verifier(nonceStore: store)
        let nonce = try await store.issue(for: "client")
        let forged = TestTokens(keyID: keys.keyID).es256(TestTokens.claims(now: now, nonce: nonce))
        try await expectFailure(forged, "invalid_signature", verifier: verifier)
        var expired = TestTokens.claims(now: now, nonce: nonce)
        expired["exp"] = Int(now.timeIntervalSince1970) - 3600
        try await expectFailure(keys.es256(expired), "expired", verifier: verifier)
        #expect(try await verifier.verify(keys.es256(TestTokens.claims(now: now, nonce: nonce))).claims.nonce == nonce)
    }

    @Test func notCheckedSkipsTheStore() async throws {
        let store = MemoryNonceStore(clock: clock)
        let token = keys.es256(TestTokens.claims(now: now, nonce: "whatever"))
        #expect(try await verifier(nonceStore: store).verify(token, nonce: .notChecked).user.userID == TestTokens.userID)
    }

    // MARK: 8. auth_time with max_age

    @Test func maxAgeNeedsARecentAuthTime() async throws {
        var claims = TestTokens.claims(now: now)
        try await expectFailure(keys.es256(claims), "auth_time_invalid", maxAge: 300)
        claims["auth_time"] = Int(now.timeIntervalSince1970) - 1000
        try await expectFailure(keys.es256(claims), "auth_time_invalid", maxAge: 300)
        claims["auth_time"] = Int(now.timeIntervalSince1970) - 100
        #expect(try await verifier().verify(keys.es256(claims), maxAge: 300).claims.authTime != nil)
    }

    // MARK: 9. Subject

    @Test func requiresASubjectAndMatchesAKnownUser() async throws {
        var claims = TestTokens.claims(now: now)
        try await expectFailure(keys.es256(claims), "sub_mismatch", userID: "U00000000000000000000000000000000")
        #expect(try await verifier().verify(keys.es256(claims), userID: TestTokens.userID).user.userID == TestTokens.userID)
        claims["sub"] = nil
        try await expectFailure(keys.es256(claims), "missing_sub")
        claims["sub"] = ""
        try await expectFailure(keys.es256(claims), "missing_sub")
    }

    // MARK: Configuration

    @Test func refusesUnusableConfigurations() throws {
        #expect(throws: LineServerConfigurationError.self) { try IDTokenVerifier(channels: []) }
        #expect(throws: LineServerConfigurationError.self) { try IDTokenVerifier(channels: [LineChannel(channelID: "")]) }
        let plain = LinePlatform.custom(baseURL: URL(string: "http://line.example.com")!)
        #expect(throws: LineServerConfigurationError.self) { try IDTokenVerifier(channels: [LineChannel(channelID: "1")], platform: plain) }
        _ = try IDTokenVerifier(channels: [LineChannel(channelID: "1")], platform: .custom(baseURL: URL(string: "http://127.0.0.1:8400")!))
    }

    @Test func descriptionsNeverShowSecrets() {
        let channel = LineChannel(channelID: "1234567890", channelSecret: TestTokens.secret)
        #expect(!String(describing: channel).contains(TestTokens.secret))
        #expect(!String(reflecting: channel).contains(TestTokens.secret))
    }
}
#endif
