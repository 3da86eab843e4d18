#if Server
public import Foundation
public import OAuthEngine

/// Why a token handed to this server was refused, or why it could not be checked.
///
/// Use ``isUnavailable`` to tell a LINE outage (answer 503, try again later) from a bad token (answer
/// 401). No case carries a token, a secret or a nonce.
public enum VerificationError: Error, Sendable, Equatable {
    /// No token was given.
    case missingToken
    /// The token is too long or holds characters no LINE token has; LINE was not asked.
    case malformedToken
    /// The ID token failed a check (the engine's reason, in the checklist's order).
    case idToken(IDTokenError)
    /// The token was issued to a channel this server is not configured for.
    case unknownChannel
    /// LINE says the access token is invalid, expired or revoked (`400` from verify, `401` from the profile).
    case invalidAccessToken(ServerError)
    /// Verify answered `expires_in` ≤ 0.
    case accessTokenExpired
    /// The access token lacks the `profile` scope, so the user can't be identified.
    case insufficientScope
    /// The ID token's nonce was not issued by this server, has expired or was already used (replay).
    case nonceNotIssued
    /// The nonce store failed (not the token's fault).
    case nonceStoreUnavailable(String)
    /// LINE's verify endpoint refused the ID token for a reason without an engine equivalent.
    case rejectedByLINE(ServerError)
    /// LINE could not be reached, answered 5xx or 429, or sent something unreadable: try again later.
    case unavailable(OAuthError)

    /// `true` when the token was not judged at all because LINE (verify, profile, JWKS) or the nonce
    /// store failed: answer 503, not 401.
    public var isUnavailable: Bool {
        switch self {
        case .unavailable, .nonceStoreUnavailable, .idToken(.keysUnavailable): return true
        default: return false
        }
    }

    /// For an error that ``isUnavailable``: whole seconds a client should wait before trying again,
    /// the back-off left on LINE's endpoint or LINE's own `Retry-After` (at most five minutes), else
    /// `default`. `nil` for an error that is not about availability.
    public func retryAfter(default fallback: Int = 5, at now: Date = Date()) -> Int? {
        guard isUnavailable else { return nil }
        var seconds: TimeInterval?
        switch self {
        case .unavailable(.transport(.backingOff(let remaining))): seconds = remaining
        case .unavailable(.server(let error)), .unavailable(.invalidResponse(let error)): seconds = error.retryAfter?.delay(from: now)
        default: break
        }
        guard let seconds, seconds.isFinite else { return fallback }
        return Int(min(max(seconds.rounded(.up), 1), 300))
    }

    /// A stable snake_case code for JSON error bodies and logs.
    public var code: String {
        switch self {
        case .missingToken: return "missing_token"
        case .malformedToken: return "malformed"
        case .idToken(let error): return error.code
        case .unknownChannel: return "unknown_channel"
        case .invalidAccessToken(let error):
            return error.message?.lowercased().contains("expired") == true ? "expired" : "invalid_access_token"
        case .accessTokenExpired: return "expired"
        case .insufficientScope: return "insufficient_scope"
        case .nonceNotIssued: return "nonce_not_issued"
        case .nonceStoreUnavailable: return "nonce_store_unavailable"
        case .rejectedByLINE: return "rejected"
        case .unavailable: return "unavailable"
        }
    }
}

extension VerificationError: CustomStringConvertible {
    /// A one-line explanation, safe to log and to send to the client (fixed texts only).
    public var description: String {
        switch self {
        case .missingToken: return "no token was sent"
        case .malformedToken: return "the token is malformed"
        case .idToken(let error): return Self.describe(error)
        case .unknownChannel: return "the token was issued to another channel"
        case .invalidAccessToken: return "the access token is invalid, expired or revoked"
        case .accessTokenExpired: return "the access token has expired"
        case .insufficientScope: return "the access token lacks the profile scope"
        case .nonceNotIssued: return "the nonce was not issued by this server, has expired or was already used"
        case .nonceStoreUnavailable: return "the nonce store is unavailable"
        case .rejectedByLINE: return "LINE rejected the ID token"
        case .unavailable: return "LINE could not be reached to check the token; try again later"
        }
    }

    static func describe(_ error: IDTokenError) -> String {
        switch error {
        // LINE's keys, named as such on a LINE backend; the issuer is not echoed to a client.
        case .keysUnavailable: return "LINE's signing keys could not be fetched; try again later"
        case .issuerMismatch: return "the ID token's issuer is wrong"
        default: return error.description
        }
    }
}
#endif
