public import Foundation
import LineLoginPrimitives

/// Every failure the engine reports. No case carries a token, code, verifier or secret.
public enum OAuthError: Error, Sendable, Equatable {
    /// The configuration can't be used (e.g. a non-https endpoint, a missing secret for HS256).
    case configuration(String)
    /// Nothing readable came back from the network.
    case transport(TransportError)
    /// The server answered with an OAuth error (`{"error": …}`) or another non-2xx response.
    case server(ServerError)
    /// A 2xx response whose body isn't what the endpoint promises.
    case invalidResponse(ServerError)
    /// The authorization response (the redirect) was refused.
    case authorization(AuthorizationError)
    /// The ID token was refused.
    case idToken(IDTokenError)
    /// The user agent produced no redirect.
    case userAgent(UserAgentError)
    /// The token store failed.
    case tokenStore(TokenStoreError)
    /// No tokens are stored: sign in first.
    case notSignedIn
    /// The session has no refresh token.
    case noRefreshToken

    /// `true` when retrying later may help and tokens must be kept (timeouts, resets, 5xx).
    public var isTransient: Bool {
        switch self {
        case .transport(let error): return error.isTransient
        case .server(let error): return HTTPResponse.isOutage(statusCode: error.statusCode)
        default: return false
        }
    }
}

/// A non-2xx or malformed answer from an endpoint, kept whole for diagnosis (tokens redacted), with the
/// provider's own words bounded: `error` to ``maximumCodeLength`` and `error_description` (or `message`) to
/// ``maximumMessageLength`` characters, a longer one cut and marked so (they end up in front of people).
public struct ServerError: Error, Sendable, Equatable {
    /// The most characters of a provider's `error` kept (real codes are a few words).
    public static let maximumCodeLength = 128
    /// The most characters of a provider's `error_description` or `message` kept: 1 KiB of ASCII.
    public static let maximumMessageLength = 1_024

    /// The HTTP status.
    public var statusCode: Int
    /// The OAuth `error` code (as sent; compare case-insensitively), or nil.
    public var code: String?
    /// `error_description` or LINE's API-style `message`.
    public var message: String?
    /// LINE's `x-line-request-id`.
    public var requestID: String?
    /// The body as text with token-like fields redacted, at most 4 KiB.
    public var body: String
    /// For malformed responses: what was wrong.
    public var reason: String?
    /// The endpoint that answered, without its query (which may hold a token), when known.
    public var url: URL?
    /// The server's `Retry-After`, when it sent one (typically with 429 or 503).
    public var retryAfter: RetryAfter?

    /// Creates a server error.
    public init(
        statusCode: Int, code: String? = nil, message: String? = nil, requestID: String? = nil, body: String = "", reason: String? = nil
    ) {
        self.statusCode = statusCode
        self.code = code.map { UntrustedText.bounded($0, limit: Self.maximumCodeLength) }
        self.message = message.map { UntrustedText.bounded($0, limit: Self.maximumMessageLength) }
        self.requestID = requestID.map { UntrustedText.bounded($0, limit: Self.maximumCodeLength) }
        self.body = body
        self.reason = reason
    }

    /// Reads the three LINE error shapes (OAuth `error`/`error_description`, API `message`) from a response.
    /// - Parameters:
    ///   - response: the answer that was not a success.
    ///   - reason: what the caller was doing, when the body says nothing.
    ///   - url: the endpoint that answered; kept without its query.
    public init(response: HTTPResponse, reason: String? = nil, url: URL? = nil) {
        var code: String?
        var message: String?
        if let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] {
            code = object["error"] as? String
            message = (object["error_description"] as? String) ?? (object["message"] as? String)
        }
        self.init(
            statusCode: response.statusCode, code: code, message: message, requestID: response.requestID,
            body: BodyRedactor.redact(response.body), reason: reason)
        self.url = url.flatMap(Self.withoutQuery)
        retryAfter = RetryAfter(response)
    }

    /// `url` without its query and fragment, which may hold a token or code: what an error may keep.
    package static func withoutQuery(_ url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.query = nil
        components.fragment = nil
        return components.url
    }

    /// Whether `code` equals `name`, ignoring case (LINE documents upper-case codes).
    public func hasCode(_ name: String) -> Bool {
        code?.caseInsensitiveCompare(name) == .orderedSame
    }
}

/// Why an authorization response was refused.
public enum AuthorizationError: Error, Sendable, Equatable {
    /// No login is waiting for this redirect (wrong scheme/host/path, or it already completed).
    case noPendingLogin
    /// The redirect had no `state`.
    case missingState
    /// `state` differs from the one sent. The code was not exchanged. For LINE this is also what a failed
    /// auto login looks like: retry once with `disable_auto_login=true`.
    case stateMismatch
    /// The provider returned an error (after a valid state). `code` as sent, e.g. `ACCESS_DENIED`.
    case providerError(code: String, description: String?)
    /// `iss` in the response differs from the issuer (RFC 9207).
    case issuerMismatch
    /// Neither `code` nor `error` was present.
    case missingCode
    /// The redirect URL could not be parsed.
    case malformedRedirect

    /// `true` for `access_denied`, any case: the user cancelled.
    public var isAccessDenied: Bool {
        if case .providerError(let code, _) = self { return code.lowercased() == "access_denied" }
        return false
    }
}

/// Why an ID token was refused; the order of the cases is the order of the checks.
public enum IDTokenError: Error, Sendable, Equatable {
    /// 0: `openid` was requested but the token response carries no ID token.
    case missing
    /// 1–3: malformed, algorithm not allowed, `crit`, key mismatch or bad signature.
    case jose(JOSEError)
    /// The signing keys could not be fetched.
    case keysUnavailable(String)
    /// HS256 was presented but no secret is configured for this flow.
    case noSecretForHS256
    /// 4: `iss` differs from the issuer.
    case issuerMismatch(expected: String, actual: String?)
    /// 5: `aud` doesn't name the client.
    case audienceMismatch
    /// 5: several audiences and `azp` isn't the client.
    case authorizedPartyMismatch
    /// 6: `exp` missing or past (with leeway).
    case expired
    /// 6: `iat` missing.
    case missingIssuedAt
    /// 6: `iat` in the future (with leeway).
    case issuedInFuture
    /// 6: `nbf` in the future (with leeway).
    case notYetValid
    /// 7: `nonce` missing or different.
    case nonceMismatch
    /// 8: `max_age` was sent and `auth_time` is missing or too old.
    case authTimeInvalid
    /// 9: `sub` missing.
    case missingSubject
    /// 9: `sub` differs from the profile's user ID.
    case subjectMismatch
}
