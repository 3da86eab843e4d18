import Foundation
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
        return detail.code == 400 && detail.error?.lowercased() == "invalid_grant"
    }

    /// The token lacks a permission the API needs (HTTP 403).
    public var isPermissionError: Bool { detail?.code == 403 }

    /// The server refused the request as malformed (HTTP 400).
    public var isBadRequest: Bool { detail?.code == 400 }

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
                let what = [detail.error, detail.message].compactMap { $0 }.joined(separator: ": ")
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
