#if Emulator
import Foundation
import LineLoginPrimitives
import OAuthEngine
import LineLoginTesting
import Testing
@testable import LineSDK

/// The session's other writers against the assignments to `AccessTokenStore.current`: a logout goes through
/// the same ordered writer as the assignments (it revokes and forgets the token assigned last before it, and
/// an assignment it races is not undone), and a refresh need not (the session drops a refresh's result when
/// anything replaced the tokens while it was in flight). Both deterministic: a store or a transport holds
/// one step until the test releases it.
@Suite(.emulatedLine) struct SessionWriterOrderTests {
    /// Wraps a transport and holds the requests to one path until the test releases them.
    final class HeldTransport: HTTPTransport, Sendable {
        private let base: any HTTPTransport
        private let path: String
        private let state = LockedValue<(released: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        init(_ base: any HTTPTransport, holding path: String) {
            self.base = base
            self.path = path
        }

        /// How many requests are held now.
        var held: Int { state.current.waiting.count }

        func release() {
            let waiting = state.withLock { state in
                state.released = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if request.url.path == path {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let now = state.withLock { state -> Bool in
                        if state.released { return true }
                        state.waiting.append(continuation)
                        return false
                    }
                    if now { continuation.resume() }
                }
            }
            return try await base.send(request)
        }
    }

    /// A manager whose session holds token A (settled) and whose revoke requests are held, and a token B to
    /// assign while one is.
    private func managerWithHeldRevoke(named name: String) async throws -> (
        platform: EmulatedLine, transport: HeldTransport, store: MemoryTokenStore, manager: LoginManager, first: AccessToken,
        second: AccessToken
    ) {
        let prefix = "\(name)-\(UUID().uuidString)-"
        let (first, second) = (TokenMirrorOrderTests.token(named: prefix + "A"), TokenMirrorOrderTests.token(named: prefix + "B"))
        let platform = try await EmulatedLine.start()
        let transport = HeldTransport(platform, holding: platform.platform.revokeURL.path)
        let store = MemoryTokenStore()
        var configuration = LineTestEnvironment.configuration(
            channelID: LineTestEnvironment.channelID, platform: platform, store: store, agent: nil)
        configuration.transport = transport
        let manager = try LoginManager(configuration: configuration)
        manager.accessTokenStore.current = first
        await manager.accessTokenStore.settled()
        return (platform, transport, store, manager, first, second)
    }

    /// `current = A` (its save held by the store), `current = B`, then a logout: the logout must wait for B to
    /// reach the session, revoke B and leave the user logged out. Straight on the session it revoked A and
    /// cleared, and then B reached the session: logged in after the logout, with an unrevoked token.
    @Test(.timeLimit(.minutes(1)))
    func aLogoutAfterAnAssignmentSignsThatAssignmentOut() async throws {
        let prefix = "logout-\(UUID().uuidString)-"
        let (first, second) = (TokenMirrorOrderTests.token(named: prefix + "A"), TokenMirrorOrderTests.token(named: prefix + "B"))
        let store = TokenMirrorOrderTests.GatedStore(holding: first.value)
        let platform = try await EmulatedLine.start()
        let manager = try LoginManager(
            configuration: LineTestEnvironment.configuration(
                channelID: LineTestEnvironment.channelID, platform: platform, store: store, agent: nil))
        let mirror = manager.accessTokenStore
        mirror.current = first
        for _ in 0..<100_000 where await !store.isHolding { await Task.yield() }
        #expect(await store.isHolding, "the session is saving A")
        mirror.current = second
        let logout = Task { try await manager.logout() }
        // Room for a logout that doesn't wait: it would revoke now, with A's save still held.
        for _ in 0..<10_000 where platform.revokeRequests.isEmpty { await Task.yield() }
        #expect(platform.revokeRequests.isEmpty, "the logout waits for the assignments made before it")
        await store.release()
        try await logout.value
        await mirror.settled()
        #expect(platform.revokeRequests.map { $0.field("access_token") } == [second.value], "B, the last assignment, is revoked")
        #expect(mirror.current == nil, "logged out")
        #expect(await (try manager.requireCore().client).currentTokens() == nil, "the session is empty")
        #expect(try await store.load() == nil, "the store is empty")
    }

    /// An assignment while the logout's revoke is in flight becomes the session after the logout, and the
    /// logout's clear does not undo it.
    @Test(.timeLimit(.minutes(1)))
    func anAssignmentDuringALogoutOutlivesIt() async throws {
        let (platform, transport, store, manager, first, second) = try await managerWithHeldRevoke(named: "during")
        let mirror = manager.accessTokenStore
        let logout = Task { try await manager.logout() }
        for _ in 0..<100_000 where transport.held == 0 { await Task.yield() }
        #expect(transport.held == 1, "the logout is revoking A")
        mirror.current = second
        #expect(mirror.current == second, "read-your-writes while the logout runs")
        transport.release()
        try await logout.value
        await mirror.settled()
        #expect(mirror.current == second, "the assignment made during the logout stands")
        #expect(await (try manager.requireCore().client).currentTokens()?.accessToken == second.value)
        #expect(try await store.load()?.accessToken == second.value)
    }

    /// An assignment while `API.Auth.revokeAccessToken()` revokes the current token: the revoke forgets the
    /// token it revoked, not the one assigned meanwhile (it cleared the session whatever it then held).
    @Test(.timeLimit(.minutes(1)))
    func anAssignmentDuringARevokeOutlivesIt() async throws {
        let (platform, transport, store, manager, first, second) = try await managerWithHeldRevoke(named: "revoke")
        let mirror = manager.accessTokenStore
        let revoke = Task { try await manager.api.revokeAccessToken() }
        for _ in 0..<100_000 where transport.held == 0 { await Task.yield() }
        #expect(transport.held == 1, "the revoke of A is in flight")
        mirror.current = second
        await mirror.settled()
        transport.release()
        try await revoke.value
        await mirror.settled()
        #expect(platform.revokeRequests.map { $0.field("access_token") } == [first.value], "A was revoked")
        #expect(mirror.current == second, "the assignment made during the revoke stands")
        #expect(await (try manager.requireCore().client).currentTokens()?.accessToken == second.value)
        #expect(try await store.load()?.accessToken == second.value)
    }

    /// A refresh in flight when a token is assigned: the session drops the refresh's result (its generation
    /// moved), so session, store and mirror end on the assignment. This is why the refresh path does not
    /// go through the writer: the session orders it against every replacement itself.
    @Test(.timeLimit(.minutes(1)))
    func anAssignmentDuringARefreshWinsOverItsResult() async throws {
        let platform = try await EmulatedLine.start()
        let env = try LineTestEnvironment(platform: platform)
        _ = try await env.login([.profile])
        // A second manager on the same store, whose token requests (the refresh) are held.
        let held = HeldTransport(platform, holding: platform.platform.tokenURL.path)
        var configuration = env.configuration
        configuration.transport = held
        let manager = try LoginManager(configuration: configuration)
        let mirror = manager.accessTokenStore
        #expect(await (try manager.requireCore().client).currentTokens() != nil, "the login's session is stored")
        let refresh = Task { try await manager.api.refreshAccessToken() }
        for _ in 0..<100_000 where held.held == 0 { await Task.yield() }
        #expect(held.held == 1, "the refresh is in flight")
        let assigned = TokenMirrorOrderTests.token(named: "assigned-\(UUID().uuidString)")
        mirror.current = assigned
        await mirror.settled()
        held.release()
        let refreshed = try await refresh.value
        await mirror.settled()
        #expect(refreshed.value == assigned.value, "the refresh answers with the session's tokens, the assignment")
        #expect(mirror.current == assigned)
        #expect(await (try manager.requireCore().client).currentTokens()?.accessToken == assigned.value)
        #expect(try await env.store.load()?.accessToken == assigned.value)
    }
}
#endif
