#if Server
public import Foundation

/// Which web-login sessions are live, so that logging out ends a session for good although its sealed
/// cookie stays valid until it expires. An allow-list, so it fails closed: a session the store doesn't
/// know (ended, expired, evicted, or never begun) is refused. A store that is full may end a session
/// early; it never accepts one that was ended.
///
/// ``MemoryWebSessionStore`` serves one process; a site that runs several instances needs a shared one,
/// e.g. `PostgresWebSessionStore` of the `LineLoginPostgres` product (docs/POSTGRES.md). Conformers may throw any error: ``WebLogin`` then refuses the session.
public protocol WebSessionStore: Sendable {
    /// Remembers `id` as live until `expiresAt`.
    func begin(_ id: String, expiresAt: Date) async throws
    /// Whether `id` is live: begun, not ended, not expired.
    func isActive(_ id: String) async throws -> Bool
    /// Ends `id` (an unknown one is fine).
    func end(_ id: String) async throws
}
#endif
