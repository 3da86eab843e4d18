#if Server && Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginServer
import OAuthEngine
import Testing
import LineLoginPrimitives

/// A repeated token answered from a verifier's cache, through each framework's middleware (which asks
/// `AcceptedTokens.rememberedUser` before verifying): the same user as a full check, and never past the
/// token's expiry.
enum RememberedTokenCases {
    static func check(_ framework: any BearerFramework) async throws {
        try await accessTokens(framework)
        try await idTokens(framework)
    }

    /// LINE answers the first verify, then goes down: the repeat is answered from the cache, and once the
    /// cached entry is past its expiry, LINE (down) is asked again.
    static func accessTokens(_ framework: any BearerFramework) async throws {
        let clock = TestClock(Date())
        let transport = ScriptedTransport { request throws(TransportError) in
            request.url.path == "/v2/profile"
                ? HTTPResponse.json(200, ["userId": TestTokens.userID, "displayName": "Brown"])
                : HTTPResponse.json(200, ["client_id": TestTokens.channelID, "expires_in": 600, "scope": "profile openid"])
        }
        let cache = OnlyImmediateCache(AccessTokenCache(clock: clock))
        let verifier = try AccessTokenVerifier(channelIDs: [TestTokens.channelID], cache: cache, transport: transport, clock: clock)
        let accepted = AcceptedTokens.accessTokens(verifier)
        let headers = [("Authorization", "Bearer an-access-token")]

        let first = try await framework.probe(accepted, isRequired: true, headers: headers)
        #expect(first.status == 200 && String(decoding: first.body, as: UTF8.self) == TestTokens.userID, "\(framework.name)")
        #expect(accepted.rememberedUser("an-access-token")?.userID == TestTokens.userID)
        transport.setHandler { _ throws(TransportError) in HTTPResponse(statusCode: 503, headers: ["Retry-After": "60"], body: Data()) }
        let repeated = try await framework.probe(accepted, isRequired: true, headers: headers)
        #expect(repeated.status == 200 && String(decoding: repeated.body, as: UTF8.self) == TestTokens.userID, "\(framework.name)")
        #expect(cache.asyncLookups == 1, "\(framework.name): the repeat was answered by the middleware's synchronous look, not verify")

        clock.advance(by: 601)
        #expect(accepted.rememberedUser("an-access-token") == nil, "never past the token's expiry")
        let expired = try await framework.probe(accepted, isRequired: true, headers: headers)
        #expect(expired.status == 503, "\(framework.name): the expired entry sent the check to LINE, which is down")
    }

    /// An ID token verified once is remembered; past its `exp` it is refused, not served from the cache.
    /// With a nonce requirement nothing is answered from the cache.
    static func idTokens(_ framework: any BearerFramework) async throws {
        let clock = TestClock(Date())
        let cache = VerifiedIDTokenCache(clock: clock)
        let verifier = try IDTokenVerifier(
            channels: [LineChannel(channelID: TestTokens.channelID, channelSecret: TestTokens.secret)],
            transport: ScriptedTransport { _ throws(TransportError) in HTTPResponse(statusCode: 404) },
            clock: clock, cache: cache)
        let accepted = AcceptedTokens.idTokens(verifier)
        var claims = TestTokens.claims(now: clock.now())
        claims["exp"] = Int(clock.now().timeIntervalSince1970) + 600
        let token = TestTokens.hs256(claims)
        let headers = [("Authorization", "Bearer " + token)]

        #expect(accepted.rememberedUser(token) == nil, "nothing before the first check")
        let first = try await framework.probe(accepted, isRequired: true, headers: headers)
        #expect(first.status == 200, "\(framework.name)")
        #expect(accepted.rememberedUser(token)?.userID == TestTokens.userID)
        #expect(AcceptedTokens.idTokens(verifier, nonce: .equals("n")).rememberedUser(token) == nil, "a nonce is always checked")
        let repeated = try await framework.probe(accepted, isRequired: true, headers: headers)
        #expect(repeated.status == 200 && String(decoding: repeated.body, as: UTF8.self) == TestTokens.userID, "\(framework.name)")

        clock.advance(by: 700) // past exp and the verifier's 60-second leeway
        #expect(accepted.rememberedUser(token) == nil, "never past exp")
        let expired = try await framework.probe(accepted, isRequired: true, headers: headers)
        #expect(expired.status == 401 && expired.json["error"] == "invalid_token", "\(framework.name)")
    }
}

/// An `AccessTokenCache` whose asynchronous lookup never finds anything (and counts its calls): a token
/// it answers was answered through `immediateValue`, the middleware's fast path.
final class OnlyImmediateCache: AccessTokenCaching {
    private let inner: AccessTokenCache
    private let lookups = Locked(0)

    init(_ inner: AccessTokenCache) { self.inner = inner }

    var asyncLookups: Int { lookups.current }

    func value(for token: String) async throws -> VerifiedAccessToken? {
        lookups.withLock { $0 += 1 }
        return nil
    }

    func insert(_ value: VerifiedAccessToken, for token: String) async throws { inner.insert(value, for: token) }
    func remove(token: String) async throws { inner.remove(token: token) }
    func immediateValue(for token: String) -> VerifiedAccessToken? { inner.immediateValue(for: token) }
}
#endif
