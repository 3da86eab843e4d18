import Foundation

/// Where one credential set (one channel, one client) keeps its tokens.
///
/// Implementations: ``MemoryTokenStore``, ``FileTokenStore`` (Linux/macOS default), and a Keychain
/// store on Apple platforms.
public protocol TokenStore: Sendable {
    /// The stored tokens, `nil` when signed out. Throws ``TokenStoreError/corrupt(_:)`` for unreadable data;
    /// callers report it and treat it as signed out.
    func load() async throws(TokenStoreError) -> TokenSet?
    /// Replaces the stored tokens; durable when it returns.
    func save(_ tokens: TokenSet) async throws(TokenStoreError)
    /// Forgets the tokens.
    func clear() async throws(TokenStoreError)
}

/// A token store failure. Carries no token material.
public enum TokenStoreError: Error, Sendable, Equatable {
    /// The stored data could not be decoded.
    case corrupt(String)
    /// Reading or writing failed (permissions, disk full, …).
    case io(String)
}

/// A store that can also be read synchronously, so LINE's synchronous `isAuthorized` and
/// `AccessTokenStore.current` are right as soon as `setup` returns.
public protocol SynchronousTokenLoading: Sendable {
    /// Reads the stored tokens without suspending.
    func loadNow() throws(TokenStoreError) -> TokenSet?
}
