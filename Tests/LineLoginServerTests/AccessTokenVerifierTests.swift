#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

/// `GET /oauth2/v2.1/verify` then the profile, against a scripted LINE.
@Suite struct AccessTokenVerifierTests {
    static let token = "eyJhbGciOiJIUzI1NiJ9.access-token-under-test.sig"
    let clock = TestClock()

    static var profile: [String: Any] {
        [
            "userId": TestTokens.userID, "displayName": "Brown", "pictureUrl": "https://profile.line-scdn.net/brown",
            "statusMessage": "Hello, LINE!",
        ]
    }

    /// A LINE that answers verify with `verify` and the profile with `profile`.
    static func line(
        verify: @escaping @Sendable () throws -> HTTPResponse,
        profile: @escaping @Sendable () throws -> HTTPResponse = { HTTPResponse.json(200, AccessTokenVerifierTests.profile) }
    ) -> ScriptedTransport {
        ScriptedTransport { request throws(TransportError) in
            do {
                switch request.url.path {
                case "/oauth2/v2.1/verify": return try verify()
                case "/v2/profile": return try profile()
                default: return HTTPResponse(statusCode: 404)
                }
            } catch let error as TransportError {
                throw error
            } catch {
                throw .other("test")
            }
        }
    }

    static func valid(clientID: String = TestTokens.channelID, expiresIn: Double = 2_591_659, scope: String = "profile openid")
        -> HTTPResponse
    {
        HTTPResponse.json(200, ["client_id": clientID, "expires_in": expiresIn, "scope": scope])
    }

    func verifier(_ transport: ScriptedTransport, cache: AccessTokenCache? = nil) throws -> AccessTokenVerifier {
        try AccessTokenVerifier(
            channelIDs: [TestTokens.channelID, TestTokens.otherChannelID], cache: cache, transport: transport, clock: clock)
    }

    func expectFailure(
        _ transport: ScriptedTransport, _ code: String, unavailable: Bool = false, token: String = token,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let verifier = try verifier(transport)
        do {
            _ = try await verifier.verify(token)
            Issue.record("accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "got \(error.code)", sourceLocation: sourceLocation)
            #expect(error.isUnavailable == unavailable, sourceLocation: sourceLocation)
        }
    }

    @Test func verifiesThenReadsTheProfile() async throws {
        let transport = Self.line(verify: { Self.valid() })
        let verified = try await verifier(transport).verify(Self.token)
        #expect(verified.channelID == TestTokens.channelID)
        #expect(verified.profile.displayName == "Brown")
        #expect(verified.user.userID == TestTokens.userID)
        #expect(verified.user.method == .accessToken)
        #expect(verified.expiresAt == clock.now().addingTimeInterval(2_591_659))
        #expect(verified.scopes == ["profile", "openid"])
        let requests = transport.requests
        #expect(requests.count == 2)
        #expect(requests[0].method == "GET")
        #expect(requests[0].url.query == "access_token=" + FormEncoding.escape(Self.token))
        #expect(requests[1].headers["Authorization"] == "Bearer " + Self.token)
    }

    @Test func escapesTheTokenInTheQuery() async throws {
        let transport = Self.line(verify: { Self.valid() })
        _ = try await verifier(transport).verify("a+b/c=")
        #expect(transport.requests[0].url.query == "access_token=a%2Bb%2Fc%3D")
    }

    @Test func clientIDMustBeAConfiguredChannel() async throws {
        try await expectFailure(Self.line(verify: { Self.valid(clientID: "9999999999") }), "unknown_channel")
        let other = try await verifier(Self.line(verify: { Self.valid(clientID: TestTokens.otherChannelID) })).verify(Self.token)
        #expect(other.channelID == TestTokens.otherChannelID)
    }

    @Test func expiresInMustBePositive() async throws {
        try await expectFailure(Self.line(verify: { Self.valid(expiresIn: 0) }), "expired")
        try await expectFailure(Self.line(verify: { Self.valid(expiresIn: -5) }), "expired")
    }

    @Test func lineRefusalsAreInvalidTokens() async throws {
        let expired = HTTPResponse.json(400, ["error": "invalid_request", "error_description": "access token expired"])
        try await expectFailure(Self.line(verify: { expired }), "expired")
        let invalid = HTTPResponse.json(400, ["error": "invalid_request", "error_description": "invalid access token"])
        try await expectFailure(Self.line(verify: { invalid }), "invalid_access_token")
        try await expectFailure(
            Self.line(verify: { Self.valid() }, profile: { HTTPResponse.json(401, ["message": "Authentication failed"]) }),
            "invalid_access_token")
    }

    @Test func needsTheProfileScope() async throws {
        try await expectFailure(Self.line(verify: { Self.valid(scope: "openid") }), "insufficient_scope")
        try await expectFailure(
            Self.line(verify: { Self.valid() }, profile: { HTTPResponse.json(403, ["message": "Not allowed"]) }),
            "insufficient_scope")
    }

    @Test func aLineOutageIsDistinguishable() async throws {
        try await expectFailure(
            Self.line(verify: { throw TransportError.connectionFailed("URLError -1004") }), "unavailable", unavailable: true)
        try await expectFailure(Self.line(verify: { throw TransportError.timedOut }), "unavailable", unavailable: true)
        try await expectFailure(Self.line(verify: { HTTPResponse(statusCode: 502) }), "unavailable", unavailable: true)
        try await expectFailure(Self.line(verify: { HTTPResponse(statusCode: 429) }), "unavailable", unavailable: true)
        try await expectFailure(
            Self.line(verify: { HTTPResponse(statusCode: 200, body: Data("<html>".utf8)) }), "unavailable", unavailable: true)
        try await expectFailure(
            Self.line(verify: { Self.valid() }, profile: { HTTPResponse(statusCode: 500) }), "unavailable", unavailable: true)
        try await expectFailure(
            Self.line(verify: { Self.valid() }, profile: { throw TransportError.timedOut }), "unavailable", unavailable: true)
    }

    @Test func garbageIsRefusedWithoutAskingLINE() async throws {
        let transport = Self.line(verify: { Self.valid() })
        try await expectFailure(transport, "missing_token", token: "")
        try await expectFailure(transport, "malformed", token: "two words")
        try await expectFailure(transport, "malformed", token: "tab\there")
        try await expectFailure(transport, "malformed", token: String(repeating: "x", count: 10_000))
        #expect(transport.requests.isEmpty)
    }

    @Test func errorsNeverCarryTheToken() async throws {
        let echo = HTTPResponse.json(
            400, ["error": "invalid_request", "error_description": "invalid access token", "access_token": Self.token])
        let verifier = try verifier(Self.line(verify: { echo }))
        do {
            _ = try await verifier.verify(Self.token)
        } catch {
            #expect(!String(describing: error).contains(Self.token))
            #expect(!String(reflecting: error).contains(Self.token))
        }
    }
}

/// The cache of verified access tokens.
@Suite struct AccessTokenCacheTests {
    let clock = TestClock()

    func verified(expiresIn: TimeInterval) -> VerifiedAccessToken {
        VerifiedAccessToken(
            channelID: TestTokens.channelID, scopes: ["profile"], expiresAt: clock.now().addingTimeInterval(expiresIn),
            profile: UserProfile(userID: TestTokens.userID, displayName: "Brown", pictureURL: nil, statusMessage: nil))
    }

    @Test func asksLINEOncePerToken() async throws {
        let transport = AccessTokenVerifierTests.line(verify: { AccessTokenVerifierTests.valid() })
        let cache = AccessTokenCache(clock: clock)
        let verifier = try AccessTokenVerifier(channelIDs: [TestTokens.channelID], cache: cache, transport: transport, clock: clock)
        for _ in 0..<5 { _ = try await verifier.verify(AccessTokenVerifierTests.token) }
        #expect(transport.requests.count == 2, "one verify and one profile")
        _ = try await verifier.verify("another-token")
        #expect(transport.requests.count == 4)
    }

    @Test func neverStoresTheTokenInClear() async throws {
        let token = "eyJ0eXAiOiJKV1QifQ.cleartext-canary-1234567890.sig"
        let cache = AccessTokenCache(clock: clock)
        cache.insert(verified(expiresIn: 3600), for: token)
        let keys = cache.storedKeys()
        #expect(keys.count == 1)
        for key in keys {
            #expect(key.count == 32)
            #expect(key.range(of: Data(token.utf8)) == nil)
            #expect(key.range(of: Data("canary".utf8)) == nil)
        }
        var dump = ""
        Swift.dump(cache, to: &dump)
        #expect(!dump.contains("canary"))
        #expect(cache.value(for: token) != nil)
    }

    @Test func entriesNeverOutliveExpiresIn() async throws {
        let cache = AccessTokenCache(maximumAge: 3600, clock: clock)
        cache.insert(verified(expiresIn: 120), for: "t")
        clock.advance(by: 119)
        #expect(cache.value(for: "t") != nil)
        clock.advance(by: 1)
        #expect(cache.value(for: "t") == nil, "gone exactly at expires_in")
    }

    @Test func entriesNeverOutliveTheMaximumAge() async throws {
        let cache = AccessTokenCache(maximumAge: 300, clock: clock)
        cache.insert(verified(expiresIn: 2_592_000), for: "t")
        clock.advance(by: 299)
        #expect(cache.value(for: "t") != nil)
        clock.advance(by: 1)
        #expect(cache.value(for: "t") == nil)
    }

    @Test func theVerifierAsksAgainAfterExpiry() async throws {
        let transport = AccessTokenVerifierTests.line(verify: { AccessTokenVerifierTests.valid(expiresIn: 60) })
        let cache = AccessTokenCache(clock: clock)
        let verifier = try AccessTokenVerifier(channelIDs: [TestTokens.channelID], cache: cache, transport: transport, clock: clock)
        _ = try await verifier.verify("t")
        clock.advance(by: 61)
        transport.setHandler { _ throws(TransportError) in
            HTTPResponse.json(400, ["error": "invalid_request", "error_description": "access token expired"])
        }
        await #expect(throws: VerificationError.self) { try await verifier.verify("t") }
    }

    @Test func failuresAreNotCached() async throws {
        let transport = AccessTokenVerifierTests.line(verify: { HTTPResponse(statusCode: 503) })
        let cache = AccessTokenCache(clock: clock)
        let verifier = try AccessTokenVerifier(channelIDs: [TestTokens.channelID], cache: cache, transport: transport, clock: clock)
        await #expect(throws: VerificationError.self) { try await verifier.verify("t") }
        #expect(cache.count == 0)
        transport.setHandler { request throws(TransportError) in
            request.url.path == "/v2/profile" ? HTTPResponse.json(200, AccessTokenVerifierTests.profile) : AccessTokenVerifierTests.valid()
        }
        // Within the outage back-off LINE is not asked again; after it, the token is checked afresh.
        await #expect(throws: VerificationError.unavailable(.transport(.backingOff(seconds: 5)))) { try await verifier.verify("t") }
        #expect(transport.requests.count == 1)
        clock.advance(by: 5)
        #expect(try await verifier.verify("t").user.userID == TestTokens.userID)
    }

    @Test func isBounded() async throws {
        let cache = AccessTokenCache(capacity: 10, clock: clock)
        for index in 0..<100 { cache.insert(verified(expiresIn: 3600 + Double(index)), for: "token-\(index)") }
        #expect(cache.count <= 10)
        #expect(cache.value(for: "token-99") != nil, "the newest entry is kept")
    }

    @Test func removeForgetsAToken() async throws {
        let cache = AccessTokenCache(clock: clock)
        cache.insert(verified(expiresIn: 3600), for: "t")
        cache.remove(token: "t")
        #expect(cache.value(for: "t") == nil)
    }
}
#endif
