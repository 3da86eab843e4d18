@testable import ClientTestSupport
import Crypto
import Foundation
@testable import OAuthEngine
import Testing
import LineLoginPrimitives

/// The JWKS cache: one fetch for many validations, one rate-limited refetch for an unknown `kid`,
/// one shared request for concurrent callers, and `.keysUnavailable` for a broken endpoint.
@Suite struct KeySetCacheTests {
    let clock = TestClock()
    /// What the JWKS endpoint currently answers.
    let answer = Locked<HTTPResponse>(HTTPResponse(statusCode: 200, body: CoreFixtures.defaultJWKS()))
    let delay = Locked<Duration>(.zero)
    let transport: ScriptedTransport

    init() {
        let (answer, delay) = (self.answer, self.delay)
        transport = ScriptedTransport { _ in
            let wait = delay.wrappedValue
            if wait > .zero { try await Task.sleep(for: wait) }
            return answer.wrappedValue
        }
    }

    var fetches: Int { transport.count(path: CoreFixtures.jwksPath) }

    func makeCache(interval: TimeInterval = 60) -> KeySetCache {
        KeySetCache(url: CoreFixtures.jwksURI, transport: transport, clock: clock, minimumRefetchInterval: interval)
    }

    func validator(_ cache: KeySetCache) throws -> IDTokenValidator {
        try IDTokenValidator(
            issuer: CoreFixtures.issuer, clientID: CoreFixtures.clientID, allowedAlgorithms: [.es256, .rs256],
            keys: cache, clock: clock)
    }

    func token(kid: String, key: P256.Signing.PrivateKey = TestTokenSigner.ecKey) -> String {
        TestTokenSigner.sign(CoreFixtures.claims(now: clock.now()), key: .es256(key), kid: kid)
    }

    static let expectations = IDTokenExpectations(nonce: CoreFixtures.nonce)

    @Test func cachesTheKeySet() async throws {
        let cache = makeCache()
        let validator = try validator(cache)
        _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        _ = try await validator.validate(
            TestTokenSigner.sign(CoreFixtures.claims(now: clock.now()), key: .rs256(TestTokenSigner.rsaKey), kid: "rsa-1"),
            expecting: Self.expectations)
        #expect(fetches == 1)
        #expect(await cache.fetchCount == 1)
        let request = try #require(transport.requests.first)
        #expect(request.method == "GET")
        #expect(request.url == CoreFixtures.jwksURI)
    }

    @Test func aKeyRemovedByTheProviderStopsBeingAcceptedAfterTheMaximumAge() async throws {
        let cache = KeySetCache(url: CoreFixtures.jwksURI, transport: transport, clock: clock, maximumAge: 3600)
        let validator = try validator(cache)
        _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        // The provider drops every key (e.g. after a compromise).
        answer.withLock { $0 = HTTPResponse(statusCode: 200, body: Data(#"{"keys":[]}"#.utf8)) }
        clock.advance(by: 1800)
        _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        #expect(fetches == 1, "within the maximum age the cached set is used")
        clock.advance(by: 1801)
        await #expect(throws: IDTokenError.jose(.unknownKeyID)) {
            _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        }
        #expect(fetches == 2)
    }

    @Test func anExpiredSetIsKeptWhenTheRefetchFails() async throws {
        let cache = KeySetCache(url: CoreFixtures.jwksURI, transport: transport, clock: clock, maximumAge: 3600)
        let validator = try validator(cache)
        _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        answer.withLock { $0 = HTTPResponse(statusCode: 503) }
        clock.advance(by: 3601)
        _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        #expect(fetches == 2)
        // Back-off: the next validations use the old set without waiting on the failing endpoint…
        _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        #expect(fetches == 2)
        // …until a refetch interval has passed.
        clock.advance(by: 61)
        _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        #expect(fetches == 3)
    }

    @Test func rotatedKeyIsFoundWithExactlyOneRefetch() async throws {
        let cache = makeCache()
        let validator = try validator(cache)
        _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        #expect(fetches == 1)

        // The provider rotates: ec-2 (a new key) is published.
        answer.wrappedValue = HTTPResponse(
            statusCode: 200,
            body: TestTokenSigner.jwks([
                TestTokenSigner.ecJWK(TestTokenSigner.ecKey.publicKey, kid: "ec-1"),
                TestTokenSigner.ecJWK(TestTokenSigner.otherECKey.publicKey, kid: "ec-2"),
            ]))
        let claims = try await validator.validate(token(kid: "ec-2", key: TestTokenSigner.otherECKey), expecting: Self.expectations)
        #expect(claims.subject == CoreFixtures.subject)
        #expect(fetches == 2)
        // And it is cached now.
        _ = try await validator.validate(token(kid: "ec-2", key: TestTokenSigner.otherECKey), expecting: Self.expectations)
        #expect(fetches == 2)
    }

    /// A lookup for another unknown `kid` while a refetch is in flight waits for that refetch (which may
    /// bring its key: a rotation publishes several) instead of failing from the set being replaced.
    @Test(.timeLimit(.minutes(1))) func aLookupDuringARefetchWaitsForIt() async throws {
        let gate = CoreGate()
        let calls = Locked(0)
        let rotated = HTTPResponse(
            statusCode: 200,
            body: TestTokenSigner.jwks([
                TestTokenSigner.ecJWK(TestTokenSigner.ecKey.publicKey, kid: "ec-1"),
                TestTokenSigner.ecJWK(TestTokenSigner.otherECKey.publicKey, kid: "ec-2"),
                TestTokenSigner.ecJWK(TestTokenSigner.otherECKey.publicKey, kid: "ec-3"),
            ]))
        let transport = ScriptedTransport { _ in
            let call = calls.withLock { count -> Int in
                count += 1
                return count
            }
            if call == 1 { return HTTPResponse(statusCode: 200, body: CoreFixtures.defaultJWKS()) }
            await gate.pass()
            return rotated
        }
        let cache = KeySetCache(url: CoreFixtures.jwksURI, transport: transport, clock: clock)
        _ = try await cache.keySet(for: "ec-1")
        let first = Task { try await cache.keySet(for: "ec-2") }
        await gate.arrival()
        let second = Task { try await cache.keySet(for: "ec-3") }
        while await cache.sharedFetchJoins < 1 {
            try Task.checkCancellation()
            await Task.yield()
        }
        gate.open()
        #expect(try await first.value.names("ec-2"))
        #expect(try await second.value.names("ec-3"))
        #expect(transport.count(path: CoreFixtures.jwksPath) == 2)
    }

    @Test func unknownKeyIDRefetchIsRateLimited() async throws {
        let cache = makeCache(interval: 60)
        #expect(try await cache.keySet(for: "ec-1").keys(withID: "ec-1").count == 1)
        #expect(fetches == 1)

        #expect(try await cache.keySet(for: "forged-1").keys(withID: "forged-1").isEmpty)
        #expect(fetches == 2, "first unknown kid: one refetch")

        clock.advance(by: 30)
        #expect(try await cache.keySet(for: "forged-2").keys(withID: "forged-2").isEmpty)
        #expect(try await cache.keySet(for: "forged-3").keys(withID: "forged-3").isEmpty)
        #expect(fetches == 2, "within minimumRefetchInterval: no new fetch")
        // Known keys keep working meanwhile.
        #expect(try await cache.keySet(for: "rsa-1").keys(withID: "rsa-1").count == 1)

        clock.advance(by: 31)
        #expect(try await cache.keySet(for: "forged-4").keys(withID: "forged-4").isEmpty)
        #expect(fetches == 3, "after the interval: refetch")
        #expect(await cache.fetchCount == 3)
    }

    @Test func unknownKeyIDWithinIntervalFailsValidationWithoutFetching() async throws {
        let cache = makeCache()
        let validator = try validator(cache)
        _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
        for kid in ["a", "b", "c", "d"] {
            await #expect(throws: IDTokenError.jose(.unknownKeyID)) {
                try await validator.validate(token(kid: kid), expecting: Self.expectations)
            }
        }
        #expect(fetches == 2)
    }

    @Test func concurrentLookupsOnAColdCacheShareOneFetch() async throws {
        delay.wrappedValue = .milliseconds(50)
        let cache = makeCache()
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await cache.keySet(for: index.isMultiple(of: 2) ? "ec-1" : "rsa-1")
                        .keys(withID: index.isMultiple(of: 2) ? "ec-1" : "rsa-1").count
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts == [Int](repeating: 1, count: 20))
        #expect(fetches == 1)
        #expect(await cache.fetchCount == 1)
    }

    @Test(arguments: [
        HTTPResponse(statusCode: 500, body: Data("oops".utf8)),
        HTTPResponse(statusCode: 404),
        HTTPResponse(statusCode: 503, body: CoreFixtures.defaultJWKS()), // an error status, whatever the body
        HTTPResponse(statusCode: 200, body: Data("<html>not json</html>".utf8)),
        HTTPResponse(statusCode: 200, body: Data(#"{"no_keys": []}"#.utf8)),
    ])
    func brokenEndpointMeansKeysUnavailable(response: HTTPResponse) async throws {
        answer.wrappedValue = response
        let cache = makeCache()
        do {
            _ = try await cache.keySet(for: "ec-1").keys(withID: "ec-1")
            Issue.record("expected keysUnavailable")
        } catch {
            guard case .keysUnavailable = error else {
                Issue.record("got \(error)")
                return
            }
        }
        // Through the validator too.
        let validator = try validator(makeCache())
        do {
            _ = try await validator.validate(token(kid: "ec-1"), expecting: Self.expectations)
            Issue.record("expected keysUnavailable")
        } catch {
            guard case .keysUnavailable = error else {
                Issue.record("got \(error)")
                return
            }
        }
    }

    @Test func transportFailureMeansKeysUnavailableUntilTheBackOffEnds() async throws {
        let failing = Locked(true)
        let transport = ScriptedTransport { _ in
            if failing.wrappedValue { throw TransportError.timedOut }
            return HTTPResponse(statusCode: 200, body: CoreFixtures.defaultJWKS())
        }
        let cache = KeySetCache(url: CoreFixtures.jwksURI, transport: transport, clock: clock, failureBackoff: 30)
        await expectKeysUnavailable(cache)
        failing.wrappedValue = false
        // The endpoint recovered, but the failure is remembered for the back-off: no fetch yet.
        clock.advance(by: 29)
        await expectKeysUnavailable(cache)
        #expect(transport.totalCount == 1)
        clock.advance(by: 1)
        #expect(try await cache.keySet(for: "ec-1").keys(withID: "ec-1").count == 1)
        #expect(transport.totalCount == 2)
    }

    // MARK: - Back-off during an outage

    func expectKeysUnavailable(_ cache: KeySetCache, sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            _ = try await cache.keySet(for: "ec-1")
            Issue.record("expected keysUnavailable", sourceLocation: sourceLocation)
        } catch {
            guard case .keysUnavailable = error else {
                Issue.record("got \(error)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// What an outage looks like from here: each way a JWKS fetch can fail.
    enum Outage: String, CaseIterable, Sendable {
        case serverError, badJSON, redirect, refusedKeySet, transportFailure, timeout

        func answer() throws -> HTTPResponse {
            switch self {
            case .serverError: return HTTPResponse(statusCode: 503, body: Data("down".utf8))
            case .badJSON: return HTTPResponse(statusCode: 200, body: Data(#"{"keys":["#.utf8))
            case .redirect: return HTTPResponse(statusCode: 302, headers: ["location": "https://elsewhere.example/jwks"])
            // Well-formed JSON that the key-set import refuses (a secret key mixed into a public set).
            case .refusedKeySet:
                return HTTPResponse(
                    statusCode: 200,
                    body: TestTokenSigner.jwks([
                        TestTokenSigner.ecJWK(TestTokenSigner.ecKey.publicKey, kid: "ec-1"), ["kty": "oct", "k": "c2VjcmV0"],
                    ]))
            case .transportFailure: throw TransportError.connectionFailed("reset")
            case .timeout: throw TransportError.timedOut
            }
        }
    }

    @Test(arguments: Outage.allCases)
    func aFailingEndpointIsFetchedOncePerBackOffInterval(outage: Outage) async throws {
        let transport = ScriptedTransport { _ in try outage.answer() }
        let cache = KeySetCache(url: CoreFixtures.jwksURI, transport: transport, clock: clock, failureBackoff: 30)
        let validator = try validator(cache)
        // 50 tokens during the outage: one fetch, and every validation fails fast with keysUnavailable.
        for index in 0..<50 {
            do {
                _ = try await validator.validate(token(kid: index.isMultiple(of: 2) ? "ec-1" : "ec-\(index)"), expecting: Self.expectations)
                Issue.record("validation \(index) succeeded during the outage")
            } catch {
                guard case .keysUnavailable = error else {
                    Issue.record("validation \(index): \(error)")
                    break
                }
            }
            if index == 24 { clock.advance(by: 29) }
        }
        #expect(transport.totalCount == 1, "one upstream fetch per back-off interval")
        #expect(await cache.fetchCount == 1)
        // The next interval allows exactly one more attempt.
        clock.advance(by: 1)
        for _ in 0..<10 { await expectKeysUnavailable(cache) }
        #expect(transport.totalCount == 2)
    }

    @Test func concurrentValidationsDuringAnOutageShareOneFetch() async throws {
        let transport = ScriptedTransport { _ in HTTPResponse(statusCode: 500) }
        let cache = KeySetCache(url: CoreFixtures.jwksURI, transport: transport, clock: clock)
        let validator = try validator(cache)
        let token = token(kid: "ec-1")
        let refusals = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    do throws(IDTokenError) { _ = try await validator.validate(token, expecting: Self.expectations) } catch {
                        if case .keysUnavailable = error { return true }
                    }
                    return false
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(refusals == 50)
        #expect(transport.totalCount == 1)
    }

    @Test func aSuccessfulFetchEndsTheBackOff() async throws {
        answer.wrappedValue = HTTPResponse(statusCode: 502)
        let cache = makeCache()
        await expectKeysUnavailable(cache)
        answer.wrappedValue = HTTPResponse(statusCode: 200, body: CoreFixtures.defaultJWKS())
        clock.advance(by: 30)
        #expect(try await cache.keySet(for: "ec-1").keys(withID: "ec-1").count == 1)
        // A later failure (the rotation refetch for an unknown kid) starts a new back-off; known keys keep working.
        answer.wrappedValue = HTTPResponse(statusCode: 502)
        await #expect(throws: IDTokenError.self) { try await cache.keySet(for: "unknown") }
        #expect(try await cache.keySet(for: "rsa-1").keys(withID: "rsa-1").count == 1)
        #expect(fetches == 3)
    }

    @Test(arguments: [(-5.0, 1.0), (0, 1), (0.5, 1), (1, 1), (30, 30), (600, 600), (601, 600), (1e308, 600), (.infinity, 600), (.nan, 30)])
    func theBackOffIsBounded(requested: TimeInterval, effective: TimeInterval) async {
        let cache = KeySetCache(url: CoreFixtures.jwksURI, transport: transport, clock: clock, failureBackoff: requested)
        #expect(await cache.failureBackoff == effective)
        #expect(KeySetCache.failureBackoffBounds == 1...600)
    }
}
