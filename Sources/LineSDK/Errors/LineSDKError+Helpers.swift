public import Foundation
import OAuthEngine

extension LineSDKError {
    /// The user cancelled the login.
    public var isUserCancelled: Bool {
        if case .authorizeFailed(.userCancelled) = self { return true }
        return false
    }

    /// The access token was refused (HTTP 401): log in again or refresh.
    public var isTokenError: Bool { detail?.code == 401 }

    /// The refresh token is invalid or expired: the session is over and the user must log in again.
    public var isRefreshTokenError: Bool {
        guard let detail else { return false }
        return detail.code == 400 && detail.errorCode?.lowercased() == "invalid_grant"
    }

    /// The token lacks a permission the API needs (HTTP 403).
    public var isPermissionError: Bool { detail?.code == 403 }

    /// The server refused the request as malformed (HTTP 400).
    public var isBadRequest: Bool { detail?.code == 400 }

    /// The request timed out before a response arrived.
    public var isURLSessionTimeOut: Bool { isURLSessionErrorCode(sessionErrorCode: -1001) }

    /// Whether the network failure had this `URLError` code (e.g. `-1001` timed out).
    public func isURLSessionErrorCode(sessionErrorCode code: Int) -> Bool {
        if case .responseFailed(.URLSessionError(let error)) = self { return error.urlErrorCode == code }
        return false
    }

    /// Whether the error is an HTTP response with this status code.
    public func isResponseError(statusCode: Int) -> Bool { detail?.code == statusCode }

    /// LINE's numeric error code: 1xxx request, 2xxx response, 3xxx authorize, 4xxx general (LINE's
    /// numbers where LINE has the reason; new reasons take the next free numbers).
    public var errorCode: Int {
        switch self {
        case .requestFailed(let reason):
            switch reason {
            case .missingURL: return 1001
            case .lackOfAccessToken: return 1002
            case .invalidParameter: return 1004
            case .setupNotFinished: return 1101
            case .insecureEndpoint: return 1102
            }
        case .responseFailed(let reason):
            switch reason {
            case .URLSessionError: return 2001
            case .nonHTTPURLResponse: return 2002
            case .dataParsingFailed: return 2003
            case .invalidHTTPStatusAPIError: return 2004
            }
        case .authorizeFailed(let reason):
            switch reason {
            case .userCancelled: return 3003
            case .forceStopped: return 3004
            case .malformedRedirectURL: return 3007
            case .responseStateValueNotMatching: return 3010
            case .webLoginError: return 3011
            case .lackOfIDToken: return 3014
            case .JWTPublicKeyNotFound: return 3015
            case .IDTokenValidationFailed: return 3016
            case .timedOut: return 3101
            case .userAgentUnavailable: return 3102
            case .userIDMismatch: return 3103
            case .invalidPermissions: return 3104
            }
        case .generalError(let reason):
            switch reason {
            case .conversionError: return 4001
            case .parameterError: return 4002
            case .loginInProgress: return 4101
            case .tokenStoreFailed: return 4102
            case .invalidConfiguration: return 4103
            }
        }
    }

    /// `state` didn't match: with LINE, most often a failed auto login.
    public var isResponseStateMismatch: Bool {
        if case .authorizeFailed(.responseStateValueNotMatching) = self { return true }
        return false
    }

    /// The HTTP status, when the error came from a response.
    public var statusCode: Int? { detail?.code }

    /// LINE's `x-line-request-id`, when the error came from a response.
    public var requestID: String? { detail?.requestID }

    /// For a state mismatch (LINE's auto-login failure), the parameters for the one retry LINE
    /// recommends: the same ones with `disableAutoLogin` on. `nil` for any other error, or when the
    /// attempt already had auto login off (never loop).
    public func retryParameters(after parameters: LoginManager.Parameters) -> LoginManager.Parameters? {
        guard isResponseStateMismatch, !parameters.disableAutoLogin else { return nil }
        var retry = parameters
        retry.disableAutoLogin = true
        return retry
    }

    var detail: APIErrorDetail? {
        switch self {
        case .responseFailed(.invalidHTTPStatusAPIError(let detail)): return detail
        case .responseFailed(.dataParsingFailed(_, _, let detail)): return detail
        default: return nil
        }
    }
}

extension LineSDKError: LocalizedError, CustomStringConvertible {
    /// A one-line explanation without any token material.
    public var errorDescription: String? { description }

    /// A one-line explanation without any token material.
    public var description: String {
        switch self {
        case .requestFailed(let reason):
            switch reason {
            case .missingURL: return "Request failed: a URL could not be built."
            case .lackOfAccessToken: return "Request failed: no access token is stored; log in first."
            case .setupNotFinished: return "Request failed: call LoginManager.setup(channelID:universalLinkURL:) first."
            case .insecureEndpoint(let message): return "Request failed: \(message)"
            case .invalidParameter(let name, let description): return "Request failed: invalid parameter \(name): \(description)"
            }
        case .responseFailed(let reason):
            switch reason {
            case .URLSessionError(let error): return "Response failed: network error (\(error))."
            case .nonHTTPURLResponse: return "Response failed: not an HTTP response."
            case .dataParsingFailed(let type, let why, let detail): return "Response failed: could not parse \(type): \(why)\(Self.suffix(detail))"
            case .invalidHTTPStatusAPIError(let detail):
                let what = [detail.errorCode, detail.message].compactMap { $0 }.joined(separator: ": ")
                return "Response failed: HTTP \(detail.code)\(what.isEmpty ? "" : " (\(what))")\(Self.suffix(detail))"
            }
        case .authorizeFailed(let reason):
            switch reason {
            case .userCancelled: return "Login cancelled by the user."
            case .forceStopped: return "Login stopped by the app."
            case .timedOut: return "Login timed out waiting for the redirect."
            case .userAgentUnavailable(let why): return "Login could not start: \(why)"
            case .malformedRedirectURL(let message): return "Login failed: malformed redirect (\(message))."
            case .responseStateValueNotMatching: return "Login failed: state mismatch; the code was not used. If auto login failed, retry with disableAutoLogin."
            case .webLoginError(let error, let description): return "Login failed: \(error)\(description.map { " (\($0))" } ?? "")"
            case .lackOfIDToken: return "Login failed: openid was granted but no ID token was returned."
            case .JWTPublicKeyNotFound(let keyID): return "Login failed: no signing key with kid \(keyID ?? "<none>")."
            case .IDTokenValidationFailed(let error): return "Login failed: ID token refused (\(error))."
            case .userIDMismatch: return "Login failed: the ID token's subject differs from the profile's user ID."
            case .invalidPermissions(let why): return "Login failed: \(why)"
            }
        case .generalError(let reason):
            switch reason {
            case .loginInProgress: return "Another login is in progress."
            case .conversionError(let what): return "Conversion failed: \(what)"
            case .parameterError(let name, let description): return "Invalid parameter \(name): \(description)"
            case .tokenStoreFailed(let error): return "Token storage failed: \(error)"
            case .invalidConfiguration(let why): return "Invalid configuration: \(why)"
            }
        }
    }

    private static func suffix(_ detail: APIErrorDetail) -> String {
        detail.requestID.map { " [x-line-request-id: \($0)]" } ?? ""
    }
}
