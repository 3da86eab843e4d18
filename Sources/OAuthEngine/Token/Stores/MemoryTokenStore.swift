/// Keeps tokens in memory only: for tests, and for apps that must not persist them.
public actor MemoryTokenStore: TokenStore {
    private var tokens: TokenSet?
    private var failure: TokenStoreError?

    /// Creates a store holding `tokens` (signed out when `nil`).
    public init(tokens: TokenSet? = nil) {
        self.tokens = tokens
    }

    /// The stored tokens.
    public func load() async throws(TokenStoreError) -> TokenSet? {
        tokens
    }

    /// Replaces the stored tokens, or throws the error set with ``setFailure(_:)`` (keeping the old ones).
    public func save(_ tokens: TokenSet) async throws(TokenStoreError) {
        if let failure { throw failure }
        self.tokens = tokens
    }

    /// Forgets the tokens.
    public func clear() async throws(TokenStoreError) {
        tokens = nil
    }

    /// Test hook: makes every ``save(_:)`` throw `error` until called again with `nil`.
    public func setFailure(_ error: TokenStoreError?) {
        failure = error
    }
}
