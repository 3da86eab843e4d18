#if Server
/// Where an ``AccessTokenVerifier`` remembers the access tokens LINE confirmed, so a busy API doesn't ask
/// LINE on every request: ``AccessTokenCache`` in this process's memory (the default), or a store shared
/// by every instance of a site (`PostgresAccessTokenCache` in LineLoginPostgres), so a token verified on
/// one instance is answered by all, and removing it (after a logout) removes it everywhere.
///
/// An implementation must never serve an entry past its token's ``VerifiedAccessToken/expiresAt``, and
/// must not keep the token itself (key entries by a digest). A cache that fails is not the token's
/// fault: the verifier then asks LINE, as on a miss, and logs a warning.
public protocol AccessTokenCaching: Sendable {
    /// The remembered result for `token`, if any and still fresh.
    func value(for token: String) async throws -> VerifiedAccessToken?
    /// Remembers `value` for `token` (until `value.expiresAt` at the latest).
    func insert(_ value: VerifiedAccessToken, for token: String) async throws
    /// Forgets `token` (after a logout or a revoke).
    func remove(token: String) async throws
    /// The remembered result for `token` when it can be had without waiting (a cache in this process's
    /// memory); `nil` sends the verifier to ``value(for:)``. The default answers `nil`.
    func immediateValue(for token: String) -> VerifiedAccessToken?
}

extension AccessTokenCaching {
    /// `nil`: a cache that needs a round trip never answers at once.
    public func immediateValue(for token: String) -> VerifiedAccessToken? { nil }
}

extension AccessTokenCache: AccessTokenCaching {
    /// ``value(for:)``: this cache answers from memory.
    public func immediateValue(for token: String) -> VerifiedAccessToken? { value(for: token) }
}
#endif
