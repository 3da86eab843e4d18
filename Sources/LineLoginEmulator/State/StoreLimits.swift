#if Emulator
import Foundation

/// Lifetimes and size caps that keep the emulator's memory bounded.
enum StoreLimits {
    /// Authorization codes live 10 minutes.
    static let codeLifetime: TimeInterval = 600
    /// Login-page sessions live 10 minutes.
    static let sessionLifetime: TimeInterval = 600
    /// SSO sessions live 30 days (LINE doesn't document its own; a month keeps a day of tests signed in).
    static let browserSessionLifetime: TimeInterval = 30 * 86_400
    /// Most SSO sessions kept; the oldest go first beyond it.
    static let maxBrowserSessions = 10_000
    /// Expired tokens are kept this long so that verify can say "expired" rather than "invalid".
    static let expiredTokenRetention: TimeInterval = 3_600
    /// Purge expired records every this many requests.
    static let purgeInterval = 128
    /// Most pending sessions kept; the oldest go first beyond it.
    static let maxSessions = 10_000
    /// Most unused codes kept.
    static let maxCodes = 10_000
    /// Most access tokens kept.
    static let maxAccessTokens = 200_000
    /// Most refresh tokens kept.
    static let maxRefreshTokens = 200_000
    /// Wrong second-factor codes one login attempt may send; the last one ends the attempt (a six-digit
    /// code can't be guessed in five tries, and a test of a lockout has a small number to reach).
    static let secondFactorAttempts = 5
    /// Size of the ID token's validity window.
    static let idTokenLifetime: TimeInterval = 3_600
}
#endif
