import Foundation
import LineLoginPrimitives
import OAuthEngine
import Testing
@testable import LineSDK

/// `AccessTokenStore.current` against its session when many assignments come quickly: read-your-writes on
/// the mirror, the session's writes in the order of the assignments, the session's own reports never
/// undoing a newer assignment; and at the quiescent point (`settled()`, once every assigning task has
/// returned) session, store and mirror hold the same token. Bounded by counts, never by a clock.
@Suite struct TokenMirrorOrderTests {
    static let assignments = 1_000

    /// A token store that records every write in order (the access token saved, `nil` for a clear).
    actor RecordingStore: TokenStore {
        private var tokens: TokenSet?
        private(set) var writes: [String?] = []

        func load() async throws -> TokenSet? { tokens }
        func save(_ tokens: TokenSet) async throws {
            self.tokens = tokens
            writes.append(tokens.accessToken)
        }
        func clear() async throws {
            tokens = nil
            writes.append(nil)
        }
    }

    /// A token store whose save of one access token waits until the test releases it.
    actor GatedStore: TokenStore {
        private let held: String
        private var waiting: CheckedContinuation<Void, Never>?
        private var released = false
        private var tokens: TokenSet?

        init(holding accessToken: String) { held = accessToken }

        /// Whether the held save is waiting.
        var isHolding: Bool { waiting != nil }

        func release() {
            released = true
            waiting?.resume()
            waiting = nil
        }

        func load() async throws -> TokenSet? { tokens }
        func save(_ tokens: TokenSet) async throws {
            if tokens.accessToken == held && !released { await withCheckedContinuation { waiting = $0 } }
            self.tokens = tokens
        }
        func clear() async throws { tokens = nil }
    }

    /// Token `index`, or `nil` (a local logout) for every seventh.
    static func token(_ index: Int) -> AccessToken? {
        guard index % 7 != 3 else { return nil }
        let now = Date()
        return AccessToken(
            tokens: TokenSet(
                accessToken: "access-\(index)", refreshToken: "refresh-\(index)", idToken: nil, scopes: ["profile"],
                issuedAt: now, expiresAt: now.addingTimeInterval(3600)))
    }

    static func token(named name: String) -> AccessToken {
        let now = Date()
        return AccessToken(
            tokens: TokenSet(
                accessToken: name, refreshToken: nil, idToken: nil, scopes: ["profile"], issuedAt: now,
                expiresAt: now.addingTimeInterval(3600)))
    }

    /// The session reports A after B was assigned (A's save was still under way): the report is about an
    /// older token and must neither show nor be announced. Deterministic: the store holds A's save until B
    /// is assigned.
    @Test(.timeLimit(.minutes(1)))
    func theSessionsReportOfAnOlderAssignmentIsDropped() async throws {
        let prefix = "gate-\(UUID().uuidString)-"
        let (first, second) = (Self.token(named: prefix + "A"), Self.token(named: prefix + "B"))
        let store = GatedStore(holding: first.value)
        let manager = try Self.manager(store: store)
        let mirror = manager.accessTokenStore
        let announced = LockedValue<[String]>([])
        let observer = NotificationCenter.default.addObserver(forName: .LineSDKAccessTokenDidUpdate, object: nil, queue: nil) {
            guard let token = $0.object as? AccessToken, token.value.hasPrefix(prefix) else { return }
            announced.withLock { $0.append(token.value) }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        mirror.current = first
        for _ in 0..<100_000 where await !store.isHolding { await Task.yield() }
        #expect(await store.isHolding, "the session is saving A")
        mirror.current = second
        await store.release()
        await mirror.settled()
        #expect(mirror.current == second)
        #expect(announced.current == [first.value, second.value], "A announced once, then B; the late report of A dropped")
        #expect(await (try manager.requireCore().client).currentTokens()?.accessToken == second.value)
    }

    /// A manager whose mirror and session these tests drive directly: no request is sent.
    static func manager(store: any TokenStore) throws -> LoginManager {
        try LoginManager(configuration: .offline(store: store))
    }

    @Test(.timeLimit(.minutes(2)))
    func oneTaskReadsItsWritesAndTheSessionTakesThemInOrder() async throws {
        let store = RecordingStore()
        let manager = try Self.manager(store: store)
        let mirror = manager.accessTokenStore
        // An observer of the stream the whole time, as an app has. The mirror shows tokens in the order assigned,
        // so the indices the stream sees only grow: a report of an older assignment shown over a newer one
        // (without the stamps, the session's reports do that) would go back.
        let shown = LockedValue<[Int]>([])
        let changes = mirror.changes
        let watching = Task {
            for await token in changes {
                guard let value = token?.value, let index = Int(value.dropFirst("access-".count)) else { continue }
                shown.withLock { $0.append(index) }
            }
        }
        defer { watching.cancel() }
        for index in 0..<Self.assignments {
            let token = Self.token(index)
            mirror.current = token
            // The session's reports of earlier assignments arrive meanwhile; none may show over this one.
            #expect(mirror.current == token, "read-your-writes at assignment \(index)")
            // Every eighth assignment, room for the writer and the session's reports to run.
            if index % 8 == 7 { for _ in 0..<32 { await Task.yield() } }
        }
        await mirror.settled()
        let writes = await store.writes
        let assigned = (0..<Self.assignments).map { Self.token($0)?.value }
        #expect(writes == assigned, "the store saw the assignments in the order they were made")
        let session = await (try manager.requireCore().client).currentTokens()
        #expect(session?.accessToken == assigned.last ?? nil)
        #expect(mirror.current?.value == assigned.last ?? nil)
        let lastShown = (0..<Self.assignments).last { Self.token($0) != nil }
        for _ in 0..<100_000 where shown.current.last != lastShown { await Task.yield() }
        let order = shown.current
        let wentBack = zip(order, order.dropFirst()).filter { $0.0 >= $0.1 }
        #expect(wentBack.isEmpty, "the mirror showed an older assignment after a newer one: \(wentBack.prefix(5))")
        #expect(order.last == lastShown, "the stream ends on the last assignment")
    }

    @Test(.timeLimit(.minutes(2)))
    func severalTasksEndWithSessionStoreAndMirrorAgreeing() async throws {
        let store = RecordingStore()
        let manager = try Self.manager(store: store)
        let mirror = manager.accessTokenStore
        let seen = LockedValue<[String?]>([])
        let changes = mirror.changes
        let observing = Task {
            for await token in changes { seen.withLock { $0.append(token?.value) } }
        }
        defer { observing.cancel() }
        let tasks = 8
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<tasks {
                group.addTask {
                    for index in stride(from: worker, to: Self.assignments, by: tasks) {
                        mirror.current = Self.token(index)
                        // Another task's assignment may land in between; an earlier one never comes back.
                        _ = mirror.current
                    }
                }
            }
        }
        // The quiescent point: every assigning task has returned and the session has taken their assignments.
        await mirror.settled()
        let final = mirror.current
        // One optional level throughout: the records hold `String?` (nil for a local logout), and a record
        // (`String??`) compared with an optional chain outside `#expect` flattens the chain.
        let finalValue: String? = final?.value
        let session = await (try manager.requireCore().client).currentTokens()
        let stored = try await store.load()
        #expect(session?.accessToken == finalValue, "session and mirror agree")
        #expect(stored?.accessToken == finalValue, "store and mirror agree")
        let writes = await store.writes
        #expect(writes.count == Self.assignments, "every assignment reached the session once")
        let lastWrite: String? = writes.last ?? nil
        // The tokens are made-up names ("access-N"): the message may say which writes came last.
        #expect(
            lastWrite == finalValue,
            "the last write is the mirror's token: mirror \(finalValue ?? "nil"), stored \(stored?.accessToken ?? "nil"), last writes \(writes.suffix(4)) of \(writes.count)"
        )
        // The stream's observer ends on the same token (its buffer keeps the newest, so it arrives).
        func lastSeen() -> String? { seen.current.last ?? nil }
        for _ in 0..<100_000 where seen.current.isEmpty || lastSeen() != finalValue { await Task.yield() }
        #expect(!seen.current.isEmpty && lastSeen() == finalValue, "the changes stream ends where the mirror does")
    }
}
