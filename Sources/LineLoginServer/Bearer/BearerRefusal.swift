#if Server
public import Foundation

/// How a middleware answers a request whose bearer token can't be used — the one refusal table that
/// every framework's glue renders (status, JSON body, `WWW-Authenticate`, `Retry-After`), so Hummingbird
/// and any other framework refuse alike.
public struct BearerRefusal: Sendable, Equatable {
    /// `401` (missing or bad token), `403` (missing scope) or `503` (LINE or a store unavailable).
    public let status: Int
    /// The RFC 6750 error code of the body: `invalid_request`, `invalid_token`, `insufficient_scope`,
    /// or `temporarily_unavailable`.
    public let error: String
    /// A sentence for the body's `error_description`; never a token.
    public let description: String
    /// The ``VerificationError/code`` of the body's `reason`.
    public let reason: String
    /// The `WWW-Authenticate` header, for 401 and 403.
    public let wwwAuthenticate: String?
    /// Seconds for `Retry-After`, for 503.
    public let retryAfter: Int?

    /// The refusal for `error`.
    public init(_ error: VerificationError) {
        reason = error.code
        description = error.description
        if let seconds = error.retryAfter() {
            status = 503
            self.error = "temporarily_unavailable"
            wwwAuthenticate = nil
            retryAfter = seconds
            return
        }
        switch error {
        case .missingToken: self.error = "invalid_request"
        case .insufficientScope: self.error = "insufficient_scope"
        default: self.error = "invalid_token"
        }
        status = self.error == "insufficient_scope" ? 403 : 401
        // RFC 6750 §3.1: a request with no credentials gets the challenge without an error code.
        wwwAuthenticate = error == .missingToken ? "Bearer realm=\"LINE\"" : "Bearer realm=\"LINE\", error=\"\(self.error)\""
        retryAfter = nil
    }

    /// The JSON body's members.
    public var body: [String: String] {
        ["error": error, "error_description": description, "reason": reason]
    }

    /// The JSON body (keys sorted), served as `application/json; charset=utf-8` with `Cache-Control: no-store`.
    public var json: Data {
        (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
#endif
