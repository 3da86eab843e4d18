#if Server
/// Server-issued nonces for the "secure login process between your app and server": the server issues
/// a nonce, the app logs in with it, sends the raw ID token back, and the server accepts the token only
/// if its `nonce` is one it issued, still fresh, and not used before.
///
/// ``MemoryNonceStore`` serves one process; several instances share one, e.g. `PostgresNonceStore` of
/// the `LineLoginPostgres` product (docs/POSTGRES.md). Conformers may throw any error; callers report a
/// ``NonceStoreError``.
public protocol NonceStore: Sendable {
    /// Issues a fresh, unguessable nonce (URL-safe) to `client` and remembers it until it is consumed
    /// or expires.
    ///
    /// `client` says who asked (the routes pass `LineRequestContext.nonceClient` in LineLoginHummingbird, the remote
    /// address): a store must not let one client's requests push out another client's pending nonce,
    /// e.g. by giving each client a quota as ``MemoryNonceStore`` does.
    func issue(for client: String) async throws -> String

    /// Consumes `nonce`: `true` exactly once for a nonce this store issued that has not expired;
    /// `false` for an unknown, expired or already consumed one.
    func consume(_ nonce: String) async throws -> Bool
}

/// A nonce store could not do its job (e.g. a shared store is unreachable).
public struct NonceStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed; never a nonce.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// `error` as a store failure: itself when it is one, otherwise its type alone (an error's text may
    /// quote the nonce).
    public init(_ error: any Error) {
        self = (error as? NonceStoreError) ?? NonceStoreError("the nonce store failed (\(type(of: error)))")
    }

    /// The message.
    public var description: String { message }
}
#endif
