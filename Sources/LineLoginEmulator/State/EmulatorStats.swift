#if Emulator
import Foundation

/// Counters and sizes of the emulator's state, for tests and benchmarks.
public struct EmulatorStats: Sendable, Equatable, Codable {
    /// Requests received by the token endpoint (both grant types, failures included).
    public var tokenRequests: Int
    /// Token-endpoint requests with `grant_type=refresh_token` (failures included).
    public var refreshRequests: Int
    /// Unexpired, unused authorization codes.
    public var activeCodes: Int
    /// Unexpired access tokens.
    public var activeAccessTokens: Int
    /// Unexpired refresh tokens.
    public var activeRefreshTokens: Int
    /// Unexpired login-page sessions.
    public var activeSessions: Int
    /// Every record held in memory (sessions, codes and tokens, expired ones not yet purged included).
    public var storedRecords: Int
    /// Keys currently published in the JWKS.
    public var publishedKeys: Int

    /// Creates a stats value.
    public init(
        tokenRequests: Int = 0,
        refreshRequests: Int = 0,
        activeCodes: Int = 0,
        activeAccessTokens: Int = 0,
        activeRefreshTokens: Int = 0,
        activeSessions: Int = 0,
        storedRecords: Int = 0,
        publishedKeys: Int = 0
    ) {
        self.tokenRequests = tokenRequests
        self.refreshRequests = refreshRequests
        self.activeCodes = activeCodes
        self.activeAccessTokens = activeAccessTokens
        self.activeRefreshTokens = activeRefreshTokens
        self.activeSessions = activeSessions
        self.storedRecords = storedRecords
        self.publishedKeys = publishedKeys
    }
}
#endif
