#if Emulator
import Foundation

/// The `error` codes the authorize flow redirects with, spelled as LINE sends them where there is
/// evidence of it, and as RFC 6749 and OpenID Connect spell them where there is none. LINE's reference
/// lists every code in upper case, yet its own example of a cancel is lower case, so the list is not
/// taken as evidence of the wire spelling. Clients must match codes case-insensitively either way (this
/// package's do: `ServerError.hasCode`, `AuthorizationError.isAccessDenied`).
enum RedirectErrorCode {
    /// Upper case, as observed from LINE: a login without `state` came back to Auth.js with
    /// `error=INVALID_REQUEST&error_description=%27state%27+is+not+specified.`
    /// (https://github.com/nextauthjs/next-auth/issues/9594 and #9596, January 2024).
    static let invalidRequest = "INVALID_REQUEST"
    /// LINE's description for a missing `state`, word for word from the same reports.
    static let missingStateDescription = "'state' is not specified."
    /// Lower case, as LINE's LINE Login v2.1 API reference shows the error redirect after the user cancels
    /// (https://developers.line.biz/en/reference/line-login/, the authorization error response example:
    /// `error=access_denied&error_description=The+resource+owner+denied+the+request.&state=0987poi`).
    static let accessDenied = "access_denied"
    /// The description of that example, word for word.
    static let accessDeniedDescription = "The resource owner denied the request."
    /// No evidence of LINE's spelling: RFC 6749 §4.1.2.1's.
    static let unsupportedResponseType = "unsupported_response_type"
    /// No evidence of LINE's spelling: RFC 6749 §4.1.2.1's.
    static let invalidScope = "invalid_scope"
    /// No evidence of LINE's spelling: OpenID Connect Core §3.1.2.6's.
    static let loginRequired = "login_required"
    /// No evidence of LINE's spelling: OpenID Connect Core §3.1.2.6's.
    static let interactionRequired = "interaction_required"
    /// No evidence of LINE's spelling (LINE's reference doesn't list it): OpenID Connect Core §3.1.2.6's.
    static let consentRequired = "consent_required"
}
#endif
