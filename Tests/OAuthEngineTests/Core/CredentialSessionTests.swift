@testable import ClientTestSupport
import Foundation
@testable import OAuthEngine
import Testing
import LineLoginPrimitives

/// The credential session: single-flight refresh, proactive and reactive refresh, `invalid_grant`
/// ends the session, transient failures keep tokens, unsaved (rotated) tokens are kept and re-written.
@Suite struct CredentialSessionTests {
    enum Reply: Sendable {
        /// A new access token (and a rotated refresh token) after `delay`.
        case success(delay: Duration)
        /// A new access token once `gate` opens; the wait ignores cancellation (a response already on its way).
        case held(CoreGate)
        case status(Int, [String: String])
        case transport(TransportError)
    }

    let clock = TestClock()
    let reply = Locked<Reply>(.success(delay: .zero))
    let issued = Locked(0)
    let transport: ScriptedTransport

    init() {
        let (reply, issued) = (self.reply, self.issued)
        transport = ScriptedTransport { _ in
            func fresh() -> HTTPResponse {
                let number = issued.withLock { value -> Int in
                    value += 1
                    return value
                }
                return CoreFixtures.tokenResponse(
                    accessToken: "access-token-\(number)", refreshToken: "refresh-token-\(number)",
                    idToken: nil, scope: nil)
            }
            switch reply.wrappedValue {
            case .success(let delay):
                if delay > .zero { try await Task.sleep(for: delay) }
                return fresh()
            case .held(let gate):
                await gate.pass()
                return fresh()
            case .status(let code, let body):
                return .json(code, body)
            case .transport(let error):
                throw error
            }
        }
    }

    var tokenRequests: Int { transport.count(path: CoreFixtures.tokenPath) }

    var oldTokens: TokenSet { CoreFixtures.tokenSet(now: clock.now()) }

    func makeSession(store: MemoryTokenStore, observer: (@Sendable (TokenSet?) -> Void)? = nil) -> CredentialSession {
        CredentialSession(
            store: store, tokenClient: TokenClient(configuration: CoreFixtures.configuration(), transport: transport, clock: clock),
            clock: clock, refreshMargin: 60, observer: observer)
    }

    /// A session holding `oldTokens`, loaded.
    func signedInSession(store: MemoryTokenStore = MemoryTokenStore(), observer: (@Sendable (TokenSet?) -> Void)? = nil) async
        -> CredentialSession
    {
        let session = makeSession(store: store, observer: observer)
        await session.replace(with: oldTokens)
        return session
    }

    // MARK: - Observers

    /// An observer that subscribed before the store was first read learns of the stored session: from
    /// its point of view, the session appeared.
    @Test(.timeLimit(.minutes(1))) func theFirstReadOfAStoredSessionIsObserved() async throws {
        let seen = Locked<[String?]>([])
        let session = makeSession(store: MemoryTokenStore(tokens: oldTokens)) { tokens in
            seen.withLock { $0.append(tokens?.accessToken) }
        }
        let changes = await session.changes()
        #expect(await session.current() == oldTokens)
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == oldTokens)
        #expect(seen.wrappedValue == [oldTokens.accessToken])
        // Read once: later reads are not changes.
        _ = await session.current()
        #expect(seen.wrappedValue.count == 1)
    }

    @Test func anEmptyStoreIsNotAChange() async {
        let seen = Locked(0)
        let session = makeSession(store: MemoryTokenStore()) { _ in seen.withLock { $0 += 1 } }
        #expect(await session.current() == nil)
        #expect(seen.wrappedValue == 0)
    }

    // MARK: - Single flight

    @Test func concurrentRefreshesShareOneRequest() async throws {
        reply.wrappedValue = .success(delay: .milliseconds(50))
        let store = MemoryTokenStore()
        let session = await signedInSession(store: store)
        let stale = oldTokens.accessToken
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<200 {
                group.addTask { try await session.refresh(replacing: stale).accessToken }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(results.count == 200)
        #expect(Set(results) == ["access-token-1"])
        #expect(tokenRequests == 1)
        #expect(await session.refreshCount == 1)
        let form = try #require(transport.requests.first).form
        #expect(form["grant_type"] == "refresh_token")
        #expect(form["refresh_token"] == "refresh-token-0")
        #expect(try await store.load()?.accessToken == "access-token-1")
        // A late caller with the stale token gets the new one without a request.
        #expect(try await session.refresh(replacing: stale).accessToken == "access-token-1")
        #expect(tokenRequests == 1)
    }

    @Test func callersDuringTheFirstLoadSeeTheStoredTokens() async throws {
        // An app launch: the store already holds tokens, its first read is slow, and other callers
        // arrive while it is pending.
        let store = CoreGatedStore(tokens: oldTokens)
        let session = CredentialSession(
            store: store, tokenClient: TokenClient(configuration: CoreFixtures.configuration(), transport: transport),
            clock: clock)
        let stale = oldTokens.accessToken
        let first = Task { await session.current()?.accessToken ?? "nil" }
        let second = Task { await session.current()?.accessToken ?? "nil" }
        let third = Task {
            do { return try await session.refresh(replacing: stale).accessToken } catch { return "error: \(error)" }
        }
        // All three wait on the one pending read before it is let through.
        await coreWaitUntil { await session.firstLoadWaiters == 3 }
        #expect(await store.loadCount == 1)
        await store.release()
        let outcomes = [await first.value, await second.value, await third.value]
        #expect(outcomes[0] == "access-token-0")
        #expect(outcomes[1] == "access-token-0")
        #expect(outcomes[2] == "access-token-1")
    }

    // MARK: - Reactive and proactive refresh

    @Test func performRefreshesOnceAndRetriesAfter401() async throws {
        let session = await signedInSession()
        let seen = Locked<[String]>([])
        let response = try await session.perform { tokens in
            seen.withLock { $0.append(tokens.accessToken) }
            return HTTPResponse(statusCode: tokens.accessToken == "access-token-0" ? 401 : 200)
        }
        #expect(response.statusCode == 200)
        #expect(seen.wrappedValue == ["access-token-0", "access-token-1"])
        #expect(tokenRequests == 1)

        // A second 401 is returned, not looped on.
        let again = try await session.perform { _ in HTTPResponse(statusCode: 401) }
        #expect(again.statusCode == 401)
        #expect(tokenRequests == 2)
    }

    @Test func performWithout401DoesNotRefresh() async throws {
        let session = await signedInSession()
        let response = try await session.perform { _ in HTTPResponse(statusCode: 403) }
        #expect(response.statusCode == 403)
        #expect(tokenRequests == 0)
    }

    @Test func refreshesProactivelyWithinTheMargin() async throws {
        let session = await signedInSession()
        #expect(try await session.validTokens().accessToken == "access-token-0")
        clock.advance(by: 3600 - 120)
        #expect(try await session.validTokens().accessToken == "access-token-0", "two minutes left: no refresh yet")
        #expect(tokenRequests == 0)
        clock.advance(by: 70)
        #expect(try await session.validTokens().accessToken == "access-token-1", "50 s left, inside the 60 s margin")
        #expect(tokenRequests == 1)
        // perform uses fresh tokens too.
        clock.advance(by: 3600)
        let seen = Locked<String>("")
        _ = try await session.perform { tokens in
            seen.wrappedValue = tokens.accessToken
            return HTTPResponse(statusCode: 200)
        }
        #expect(seen.wrappedValue == "access-token-2")
    }

    // MARK: - Failures

    @Test func invalidGrantEndsTheSession() async throws {
        reply.wrappedValue = .status(400, ["error": "invalid_grant", "error_description": "invalid refresh token"])
        let store = MemoryTokenStore()
        let session = await signedInSession(store: store)
        do {
            _ = try await session.refresh()
            Issue.record("expected invalid_grant")
        } catch {
            guard case .server(let server) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(server.hasCode("invalid_grant"))
            #expect(!error.isTransient)
        }
        #expect(await session.current() == nil)
        #expect(try await store.load() == nil)
        await #expect(throws: OAuthError.notSignedIn) { try await session.validTokens() }
    }

    @Test func upperCaseInvalidGrantAlsoEndsTheSession() async throws {
        reply.wrappedValue = .status(400, ["error": "INVALID_GRANT"])
        let session = await signedInSession()
        _ = try? await session.refresh()
        #expect(await session.current() == nil)
    }

    @Test(arguments: [
        Reply.status(503, ["error": "temporarily_unavailable"]), .status(500, [:]), .status(429, [:]),
        .transport(.timedOut), .transport(.connectionFailed("reset")),
    ])
    func transientFailureKeepsTheTokens(failure: Reply) async throws {
        reply.wrappedValue = failure
        let store = MemoryTokenStore()
        let session = await signedInSession(store: store)
        do {
            _ = try await session.refresh()
            Issue.record("expected an error")
        } catch {
            #expect(error.isTransient, "\(error)")
        }
        #expect(await session.current() == oldTokens)
        #expect(try await store.load() == oldTokens)
        // The next attempt may start a new refresh (nothing stuck in flight).
        reply.wrappedValue = .success(delay: .zero)
        #expect(try await session.refresh().accessToken == "access-token-1")
    }

    @Test func otherClientErrorsKeepTheTokens() async throws {
        reply.wrappedValue = .status(400, ["error": "invalid_request"])
        let session = await signedInSession()
        _ = try? await session.refresh()
        #expect(await session.current() == oldTokens)
    }

    // MARK: - Persistence

    @Test func failedWriteKeepsRotatedTokensInMemoryAndRetries() async throws {
        let store = MemoryTokenStore()
        let session = await signedInSession(store: store)
        await store.setFailure(.io("disk full"))

        let refreshed = try await session.refresh()
        #expect(refreshed.refreshToken == "refresh-token-1")
        #expect(await session.current()?.refreshToken == "refresh-token-1", "the rotated refresh token is not lost")
        #expect(await session.lastStoreError == .io("disk full"))
        #expect(try await store.load()?.refreshToken == "refresh-token-0", "the failed write changed nothing")

        await store.setFailure(nil)
        #expect(await session.current()?.refreshToken == "refresh-token-1")
        #expect(try await store.load() == refreshed, "the next access wrote the kept tokens")
    }

    @Test func failedWriteAfterLoginKeepsTokensAndRetries() async throws {
        let store = MemoryTokenStore()
        await store.setFailure(.io("read-only"))
        let session = makeSession(store: store)
        await session.replace(with: oldTokens)
        #expect(await session.current() == oldTokens)
        #expect(try await store.load() == nil)
        await store.setFailure(nil)
        _ = try await session.validTokens()
        #expect(try await store.load() == oldTokens)
    }

    // MARK: - Notifications

    @Test func observerSeesReplaceRefreshAndClear() async throws {
        let seen = Locked<[String?]>([])
        let session = await signedInSession(observer: { tokens in seen.withLock { $0.append(tokens?.accessToken) } })
        _ = try await session.refresh()
        await session.clear()
        #expect(seen.wrappedValue == ["access-token-0", "access-token-1", nil])
    }

    @Test func changesStreamYields() async throws {
        let session = makeSession(store: MemoryTokenStore())
        let stream = await session.changes()
        let collector = Task {
            var values: [String?] = []
            for await tokens in stream {
                values.append(tokens?.accessToken)
                if values.count == 3 { break }
            }
            return values
        }
        await session.replace(with: oldTokens)
        _ = try await session.refresh()
        await session.clear()
        let values = await collector.value
        #expect(values == ["access-token-0", "access-token-1", nil])
    }

    @Test func clearDuringARefreshStaysSignedOut() async throws {
        // Sign-out while a refresh response is already on its way (the transport can't cancel it).
        let response = CoreGate()
        reply.wrappedValue = .held(response)
        let store = MemoryTokenStore()
        let session = await signedInSession(store: store)
        let refresh = Task { try await session.refresh() }
        await response.arrival()
        #expect(transport.count(path: CoreFixtures.tokenPath) == 1, "the refresh request is on its way")
        await session.clear()
        response.open()
        _ = try? await refresh.value
        #expect(issued.wrappedValue == 1, "the refresh response did arrive, after the sign-out")
        let current = await session.current()
        let stored = try await store.load()
        #expect(current == nil)
        #expect(stored == nil)
    }
}
