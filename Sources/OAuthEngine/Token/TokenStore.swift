import Foundation

/// Where one credential set (one channel, one client) keeps its tokens.
///
/// Conformers may throw any error; callers see a ``TokenStoreError`` (``TokenStoreError/init(_:)``).
///
/// Implementations: ``MemoryTokenStore``, ``FileTokenStore`` (Linux/macOS default), and a Keychain
/// store on Apple platforms.
public protocol TokenStore: Sendable {
    /// The stored tokens, `nil` when signed out. Throws ``TokenStoreError/corrupt(_:)`` for unreadable data;
    /// callers report it and treat it as signed out.
    func load() async throws -> TokenSet?
    /// Replaces the stored tokens; durable when it returns.
    func save(_ tokens: TokenSet) async throws
    /// Forgets the tokens.
    func clear() async throws
}

/// A token store failure. Carries no token material.
public enum TokenStoreError: Error, Sendable, Equatable {
    /// The stored data could not be decoded.
    case corrupt(String)
    /// Reading or writing failed (permissions, disk full, …).
    case io(String)
    /// The store can't be read right now (a locked device's Keychain); trying again later may work, and
    /// it says nothing about whether tokens are stored.
    case unavailable(String)
    /// The store's location can't be trusted, so nothing was read or written: a folder that belongs
    /// to another user or that other users may write to, or a token path that is not a regular file.
    case insecure(String)

    /// Whether trying again later may work.
    public var isTransient: Bool {
        if case .unavailable = self { return true }
        return false
    }

    /// `error` as a store failure: itself when it is one, otherwise ``io(_:)`` naming only its type.
    public init(_ error: any Error) {
        self = (error as? TokenStoreError) ?? .io(String(describing: type(of: error)))
    }
}

/// A store that can also be read synchronously, so LINE's synchronous `isAuthorized` and
/// `AccessTokenStore.current` are right as soon as `setup` returns.
public protocol SynchronousTokenLoading: Sendable {
    /// Reads the stored tokens without suspending.
    func loadNow() throws -> TokenSet?
}
