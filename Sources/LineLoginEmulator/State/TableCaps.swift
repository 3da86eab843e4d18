#if Emulator
import Foundation

/// The most records each table of ``StoreState`` may hold: ``StoreLimits``' caps unless a test sets
/// smaller ones.
struct TableCaps: Sendable, Equatable {
    var sessions = StoreLimits.maxSessions
    var browserSessions = StoreLimits.maxBrowserSessions
    var codes = StoreLimits.maxCodes
    var accessTokens = StoreLimits.maxAccessTokens
    var refreshTokens = StoreLimits.maxRefreshTokens
}
#endif
