#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

/// The verified-ID-token cache: what it remembers, for how long, and what drops an entry.
@Suite struct VerifiedIDTokenCacheTests {
    let clock = TestClock()
    let keyA = TestTokens(keyID: "key-a")
    let keyB = TestTokens(keyID: "key-b")
    let transport: ScriptedTransport

    init() {
        let jwks = TestTokens.jwks([keyA])
        transport = ScriptedTransport { request throws(TransportError) in
            guard request.url.path == "/oauth2/v2.1/certs" else { return HTTPResponse(statusCode: 404) }
            return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: jwks)
        }
    }

    /// A verifier whose key set is used for 10 s before it is fetched again.
    func verifier(cache: VerifiedIDTokenCache) throws -> IDTokenVerifier {
        let keys = KeySetCache(
            url: LinePlatform.production.jwksURL, transport: transport, clock: clock, minimumRefetchInterval: 0, maximumAge: 10)
        return try IDTokenVerifier(
            channels: [LineChannel(channelID: TestTokens.channelID, channelSecret: TestTokens.secret)],
            transport: transport, clock: clock, keys: keys, cache: cache)
    }

    @Test func aRepeatedTokenIsRememberedByFingerprintOnly() async throws {
        let cache = VerifiedIDTokenCache(clock: clock)
        let verifier = try verifier(cache: cache)
        let token = keyA.es256(TestTokens.claims(now: clock.now()))
        let first = try await verifier.verify(token, nonce: .notChecked)
        #expect(cache.count == 1)
        let again = try await verifier.verify(token, nonce: .notChecked)
        #expect(again == first)
        #expect(cache.count == 1)
        #expect(cache.storedKeys().allSatisfy { !String(decoding: $0, as: UTF8.self).contains(token) && $0.count == 32 })
    }

    @Test func aNonceOrAUserIsCheckedEveryTime() async throws {
        let cache = VerifiedIDTokenCache(clock: clock)
        let verifier = try verifier(cache: cache)
        let token = keyA.es256(TestTokens.claims(now: clock.now(), nonce: "n-1"))
        _ = try await verifier.verify(token, nonce: .equals("n-1"))
        _ = try await verifier.verify(token, nonce: .notChecked, userID: TestTokens.userID)
        #expect(cache.count == 0)
        _ = try await verifier.verify(token, nonce: .notChecked)
        #expect(cache.count == 1)
        // A remembered token still fails a check it is asked to pass now.
        await #expect(throws: VerificationError.self) { _ = try await verifier.verify(token, nonce: .equals("other")) }
    }

    @Test func anEntryNeverOutlivesTheTokensExp() async throws {
        let cache = VerifiedIDTokenCache(clock: clock)
        let verifier = try verifier(cache: cache)
        var claims = TestTokens.claims(now: clock.now())
        claims["exp"] = Int(clock.now().timeIntervalSince1970) + 5
        let token = TestTokens.hs256(claims)
        _ = try await verifier.verify(token, nonce: .notChecked)
        #expect(cache.count == 1)
        clock.advance(by: 6)
        // Past exp but inside the validator's leeway: verified again in full, and not remembered anew.
        _ = try await verifier.verify(token, nonce: .notChecked)
        #expect(cache.count == 0)
    }

    @Test func anEntryGoesWhenItsKeyLeavesTheJWKS() async throws {
        let cache = VerifiedIDTokenCache(clock: clock)
        let verifier = try verifier(cache: cache)
        let token = keyA.es256(TestTokens.claims(now: clock.now()))
        _ = try await verifier.verify(token, nonce: .notChecked)
        #expect(cache.count == 1)
        // LINE rotates: the next fetch publishes key B only.
        let rotated = TestTokens.jwks([keyB])
        transport.setHandler { _ throws(TransportError) in
            HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: rotated)
        }
        clock.advance(by: 11)
        await #expect(throws: VerificationError.self) { _ = try await verifier.verify(token, nonce: .notChecked) }
        #expect(cache.count == 0)
    }

    @Test func theCacheIsBounded() async throws {
        let cache = VerifiedIDTokenCache(capacity: 10, clock: clock)
        let verifier = try verifier(cache: cache)
        for index in 0..<25 {
            var claims = TestTokens.claims(now: clock.now())
            claims["exp"] = Int(clock.now().timeIntervalSince1970) + 600 + index
            _ = try await verifier.verify(TestTokens.hs256(claims), nonce: .notChecked)
            #expect(cache.count <= 10)
        }
    }
}
#endif
