public import Foundation

/// The tokens of one credential set (one client, one user) and every rule about them:
/// persisted before they are handed out, refreshed proactively (``refreshMargin`` before expiry) and
/// reactively (after a 401), one refresh in flight at a time, cleared on `invalid_grant`, kept on
/// transient failures.
public actor CredentialSession {
    private let store: any TokenStore
    private let tokenClient: TokenClient
    private let clock: any WallClock
    /// How long before expiry a token counts as expired for proactive refresh.
    public let refreshMargin: TimeInterval

    private var tokens: TokenSet?
    private var loaded = false
    private var loading: Task<(TokenSet?, retry: Bool), Never>?
    /// How many callers are waiting for the pending first read of the store (what a test waits for to
    /// act while that read is pending, instead of sleeping).
    private(set) var firstLoadWaiters = 0
    // Bumped by every login and sign-out, so a refresh that finishes afterwards can't undo them.
    private var generation = 0
    private var unsavedWrite = false
    private var refreshTask: Task<TokenSet, any Error>?
    private var observers: [UUID: AsyncStream<TokenSet?>.Continuation] = [:]
    private let observer: (@Sendable (TokenSet?) -> Void)?
    /// The last error the store reported (a corrupt file, a failed write), for diagnostics.
    public private(set) var lastStoreError: TokenStoreError?
    /// How many refresh requests were sent (tests assert single-flight with it).
    public private(set) var refreshCount = 0

    /// Creates a session over a store.
    /// - Parameters:
    ///   - store: where the tokens are kept.
    ///   - tokenClient: who refreshes them.
    ///   - clock: the time expiry is judged by.
    ///   - refreshMargin: how long before expiry a token is refreshed.
    ///   - observer: called synchronously, inside the session, after every change (login,
    ///     refresh, clear) with the new tokens or `nil`; for mirrors that must never lag (LINE's `current`).
    public init(
        store: any TokenStore, tokenClient: TokenClient, clock: any WallClock = SystemClock(), refreshMargin: TimeInterval = 60,
        observer: (@Sendable (TokenSet?) -> Void)? = nil
    ) {
        self.observer = observer
        self.store = store
        self.tokenClient = tokenClient
        self.clock = clock
        self.refreshMargin = refreshMargin
    }

    /// The stored tokens, `nil` when signed out. A corrupt store counts as signed out (see ``lastStoreError``).
    public func current() async -> TokenSet? {
        if !loaded {
            // Everyone who asks during the first read waits for that read (not a premature `nil`).
            let task: Task<(TokenSet?, retry: Bool), Never>
            if let loading {
                task = loading
            } else {
                let store = self.store
                task = Task { () -> (TokenSet?, retry: Bool) in
                    do { return (try await store.load(), false) } catch {
                        let storeError = TokenStoreError(error)
                        self.recordStoreError(storeError)
                        return (nil, storeError.isTransient)
                    }
                }
                loading = task
            }
            firstLoadWaiters += 1
            let (stored, retry) = await task.value
            firstLoadWaiters -= 1
            // A store that can't be read yet (a locked Keychain) is read again next time: it is not empty.
            if !loaded && !retry {
                loaded = true
                tokens = stored
                // Observers that arrived before the store was read learn that a session exists.
                if stored != nil { notify() }
            }
            loading = nil
        }
        if unsavedWrite, let tokens { await persist(tokens) }
        return tokens
    }

    /// Stores new tokens (after a login): persisted first; if that fails they are kept in memory and the
    /// write is retried on the next access. Observers are told.
    public func replace(with newTokens: TokenSet) async {
        loaded = true
        generation += 1
        tokens = newTokens
        await persist(newTokens)
        notify()
    }

    /// Forgets the tokens locally (no network).
    public func clear() async {
        loaded = true
        generation += 1
        tokens = nil
        unsavedWrite = false
        refreshTask?.cancel()
        refreshTask = nil
        do { try await store.clear() } catch { lastStoreError = TokenStoreError(error) }
        notify()
    }

    /// Forgets the tokens locally, as ``clear()``, only while the session still holds `token` as its access or
    /// refresh token. For a revoke that finishes after the session moved on (a login, or an assignment to
    /// LINE's `AccessTokenStore.current`): the newer tokens stay. The check and the clear run in one turn of
    /// the actor, so nothing can replace the tokens between them.
    public func clear(ifHolding token: String) async {
        guard let held = await current(), held.accessToken == token || held.refreshToken == token else { return }
        await clear()
    }

    /// Tokens whose access token is not about to expire: refreshes first when within ``refreshMargin``.
    public func validTokens() async throws(OAuthError) -> TokenSet {
        guard let tokens = await current() else { throw .notSignedIn }
        guard tokens.expires(within: refreshMargin, now: clock.now()), tokens.refreshToken != nil else { return tokens }
        return try await refresh(replacing: tokens.accessToken)
    }

    /// Refreshes once for everyone: callers that pass the access token they saw fail (a 401) share one
    /// request, and a caller whose token was already replaced gets the new one without a request.
    /// - Parameter staleAccessToken: the token that failed; `nil` forces a refresh.
    public func refresh(replacing staleAccessToken: String? = nil) async throws(OAuthError) -> TokenSet {
        let stored = await current()
        // Checked after the only suspension point above, so two callers can't both start a refresh.
        if let refreshTask { return try await Self.value(of: refreshTask) }
        guard let tokens = stored else { throw .notSignedIn }
        if let staleAccessToken, tokens.accessToken != staleAccessToken,
            !tokens.expires(within: refreshMargin, now: clock.now())
        {
            return tokens
        }
        guard let refreshToken = tokens.refreshToken else { throw .noRefreshToken }
        let client = tokenClient
        let clock = self.clock
        refreshCount += 1
        let task = Task { () throws -> TokenSet in
            let response = try await client.refresh(refreshToken: refreshToken)
            return response.tokenSet(receivedAt: clock.now(), previous: tokens)
        }
        refreshTask = task
        let startGeneration = generation
        defer { if refreshTask == task { refreshTask = nil } }
        do throws(OAuthError) {
            let refreshed = try await Self.value(of: task)
            // A sign-out (or a new login) while the refresh was in flight wins over its result.
            guard generation == startGeneration else {
                guard let current = self.tokens else { throw OAuthError.notSignedIn }
                return current
            }
            self.tokens = refreshed
            await persist(refreshed)
            notify()
            return refreshed
        } catch {
            if case .server(let serverError) = error, serverError.hasCode("invalid_grant"), generation == startGeneration {
                // The refresh token is dead (expired, revoked): the session is over.
                await clear()
            }
            throw error
        }
    }

    /// Runs an authorized call: a fresh-enough token, and after a 401 one refresh and one retry.
    public func perform(_ call: @Sendable (TokenSet) async throws(OAuthError) -> HTTPResponse) async throws(OAuthError) -> HTTPResponse {
        let tokens = try await validTokens()
        let response = try await call(tokens)
        guard response.statusCode == 401, tokens.refreshToken != nil else { return response }
        let refreshed = try await refresh(replacing: tokens.accessToken)
        return try await call(refreshed)
    }

    /// A stream of token changes (new tokens, refreshed tokens, `nil` for signed out).
    public func changes() -> AsyncStream<TokenSet?> {
        let (stream, continuation) = AsyncStream<TokenSet?>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            // A constant, not the weak capture itself, goes into the task (see LineAppUserAgent.beginSession).
            let session = self
            Task { await session?.removeObserver(id) }
        }
        return stream
    }

    private func removeObserver(_ id: UUID) { observers[id] = nil }

    private func recordStoreError(_ error: TokenStoreError) { lastStoreError = error }

    private func notify() {
        observer?(tokens)
        for continuation in observers.values { continuation.yield(tokens) }
    }

    private func persist(_ newTokens: TokenSet) async {
        do {
            try await store.save(newTokens)
            unsavedWrite = false
        } catch {
            // A rotated refresh token must never be lost: keep it in memory and retry later.
            lastStoreError = TokenStoreError(error)
            unsavedWrite = true
        }
    }

    private static func value(of task: Task<TokenSet, any Error>) async throws(OAuthError) -> TokenSet {
        do { return try await task.value } catch let error as OAuthError { throw error } catch {
            throw .transport(.cancelled)
        }
    }
}
