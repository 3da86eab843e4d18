#if Server
import Foundation
public import OAuthEngine

/// Why a web login failed. No case carries a code, token, state, nonce or secret.
public enum WebLoginError: Error, Sendable, Equatable {
    /// No attempt is pending for this browser: the cookie is missing, expired, tampered with, or was
    /// sealed with another key (e.g. the server restarted with a random key).
    case noPendingLogin
    /// The redirect was refused (state mismatch, LINE's `error`, missing code, …), checked before
    /// anything else; a code with a wrong state is never exchanged.
    case authorization(AuthorizationError)
    /// The code exchange failed.
    case tokenExchange(OAuthError)
    /// `openid` was requested but the token response had no ID token.
    case missingIDToken
    /// The ID token failed a check.
    case idToken(IDTokenError)
    /// The profile could not be read.
    case profile(OAuthError)
    /// Revoking at logout failed (a 400, "already invalid", counts as done and is not reported).
    case revoke(OAuthError)
    /// The attempt or session cookie could not be sealed.
    case sealing
    /// The session store could not record or end a session (nothing was accepted).
    case sessionStoreUnavailable

    /// `true` when the user pressed Cancel on LINE's page (`access_denied`, any case).
    public var isUserCancelled: Bool {
        if case .authorization(let error) = self { return error.isAccessDenied }
        return false
    }

    /// `true` for a state mismatch or a lost attempt, which is also what LINE's failed auto login looks
    /// like: offer one retry started with `disableAutoLogin: true` (never retry automatically in a loop).
    public var suggestsRetryWithoutAutoLogin: Bool {
        switch self {
        case .noPendingLogin, .authorization(.stateMismatch), .authorization(.missingState): return true
        default: return false
        }
    }

    /// `true` when LINE could not be reached or failed (5xx, 429): the user may simply try again.
    public var isTransient: Bool {
        switch self {
        case .tokenExchange(let error), .profile(let error), .revoke(let error): return error.isTransient
        case .idToken(.keysUnavailable), .sessionStoreUnavailable: return true
        default: return false
        }
    }

    /// A stable snake_case code for logs and error pages.
    public var code: String {
        switch self {
        case .noPendingLogin: return "no_pending_login"
        case .authorization(let error):
            switch error {
            case .noPendingLogin: return "no_pending_login"
            case .missingState: return "missing_state"
            case .stateMismatch: return "state_mismatch"
            case .providerError(let code, _): return code.lowercased() == "access_denied" ? "cancelled" : "provider_error"
            case .issuerMismatch: return "issuer_mismatch"
            case .missingCode: return "missing_code"
            case .malformedRedirect: return "malformed_redirect"
            }
        case .tokenExchange: return "token_exchange_failed"
        case .missingIDToken: return "missing_id_token"
        case .idToken(let error): return "id_token_" + error.code
        case .profile: return "profile_failed"
        case .revoke: return "revoke_failed"
        case .sealing: return "sealing_failed"
        case .sessionStoreUnavailable: return "session_store_unavailable"
        }
    }
}

extension WebLoginError: CustomStringConvertible {
    /// A one-line explanation, safe to log and to show.
    public var description: String {
        switch self {
        case .noPendingLogin: return "no login is pending for this browser (it expired or cookies are blocked)"
        case .authorization(let error):
            switch error {
            case .stateMismatch, .missingState: return "the login response does not belong to this browser's login attempt"
            case .providerError(let code, _) where code.lowercased() == "access_denied": return "the login was cancelled"
            case .providerError(let code, _):
                // The code comes from the redirect's query: keep only what an error code can contain.
                let printable = code.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "_" }.prefix(40)
                return "LINE answered with an error (\(String(String.UnicodeScalarView(printable))))"
            default: return "the login response was refused (\(code))"
            }
        case .tokenExchange(let error):
            return error.isTransient ? "LINE could not be reached; try again" : "the authorization code was refused"
        case .missingIDToken: return "LINE sent no ID token"
        case .idToken(let error): return VerificationError.describe(error)
        case .profile: return "the LINE profile could not be read"
        case .revoke: return "the token could not be revoked"
        case .sealing: return "the login cookie could not be made"
        case .sessionStoreUnavailable: return "the session store is unavailable; try again"
        }
    }
}
#endif
