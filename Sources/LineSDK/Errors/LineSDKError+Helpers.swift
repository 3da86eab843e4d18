public import Foundation
import OAuthEngine
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension LineSDKError {
    /// A `requestFailed` error.
    public var isRequestError: Bool {
        if case .requestFailed = self { return true }
        return false
    }

    /// A `responseFailed` error.
    public var isResponseError: Bool {
        if case .responseFailed = self { return true }
        return false
    }

    /// An `authorizeFailed` error.
    public var isAuthorizeError: Bool {
        if case .authorizeFailed = self { return true }
        return false
    }

    /// A `generalError`.
    public var isGeneralError: Bool {
        if case .generalError = self { return true }
        return false
    }

    /// The user cancelled the login.
    public var isUserCancelled: Bool {
        if case .authorizeFailed(.userCancelled) = self { return true }
        return false
    }

    /// The server refused the request as malformed (HTTP 400).
    public var isBadRequest: Bool { isResponseError(statusCode: 400) }

    /// The refresh token is invalid or expired: the token endpoint answered 400, as LINE's SDK defines it.
    /// The user must log in again.
    public var isRefreshTokenError: Bool {
        guard let detail, detail.code == 400 else { return false }
        return detail.raw.url?.path.hasSuffix("/oauth2/v2.1/token") == true
    }

    /// The token lacks a permission the API needs (HTTP 403).
    public var isPermissionError: Bool { isResponseError(statusCode: 403) }

    /// The access token was refused (HTTP 401): log in again or refresh.
    public var isTokenError: Bool { isResponseError(statusCode: 401) }

    /// Whether the error is an HTTP response with this status code.
    public func isResponseError(statusCode: Int) -> Bool { detail?.code == statusCode }

    /// The request timed out before a response arrived.
    public var isURLSessionTimeOut: Bool { isURLSessionErrorCode(sessionErrorCode: -1001) }

    /// Whether the network failure had this `URLError` code (e.g. `-1001` timed out).
    public func isURLSessionErrorCode(sessionErrorCode code: Int) -> Bool {
        guard case .responseFailed(.URLSessionError(let error)) = self else { return false }
        if let transport = error as? TransportError { return transport.urlErrorCode == code }
        return (error as NSError).code == code
    }

    /// `state` didn't match: with LINE, most often a failed auto login.
    public var isResponseStateMismatch: Bool {
        if case .authorizeFailed(.responseStateValueNotMatching) = self { return true }
        return false
    }

    /// The HTTP status, when the error came from a response.
    public var statusCode: Int? {
        if case .responseFailed(.dataParsingFailed(_, _, let failure as ParsingFailure)) = self { return failure.statusCode }
        return detail?.code
    }

    /// LINE's `x-line-request-id`, when the error came from a response.
    public var requestID: String? {
        if case .responseFailed(.dataParsingFailed(_, _, let failure as ParsingFailure)) = self { return failure.requestID }
        return detail?.requestID
    }

    /// For a state mismatch (LINE's auto-login failure), the parameters for the one retry LINE
    /// recommends: the same ones with `disableAutoLogin` on. `nil` for any other error, or when the
    /// attempt already had auto login off (never loop).
    public func retryParameters(after parameters: LoginManager.Parameters) -> LoginManager.Parameters? {
        guard isResponseStateMismatch, !parameters.disableAutoLogin else { return nil }
        var retry = parameters
        retry.disableAutoLogin = true
        return retry
    }

    var detail: ResponseErrorReason.APIErrorDetail? {
        if case .responseFailed(.invalidHTTPStatusAPIError(let detail)) = self { return detail }
        return nil
    }
}

extension LineSDKError: CustomNSError {
    /// `"LineSDKError"`, as LINE's SDK.
    public static var errorDomain: String { "LineSDKError" }

    /// LINE's numeric code: 1xxx request, 2xxx response, 3xxx authorize, 4xxx general, -1 untyped.
    public var errorCode: Int {
        switch self {
        case .requestFailed(let reason):
            switch reason {
            case .missingURL: return 1001
            case .lackOfAccessToken: return 1002
            case .jsonEncodingFailed: return 1003
            case .invalidParameter: return 1004
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
            case .exhaustedLoginFlow: return 3001
            case .malformedHierarchy: return 3002
            case .userCancelled: return 3003
            case .forceStopped: return 3004
            case .callbackURLSchemeNotMatching: return 3005
            case .invalidSourceApplication: return 3006
            case .malformedRedirectURL: return 3007
            case .invalidLineURLResultCode: return 3008
            case .lineClientError: return 3009
            case .responseStateValueNotMatching: return 3010
            case .webLoginError: return 3011
            case .keychainOperation: return 3012
            case .invalidDataInKeychain: return 3013
            case .lackOfIDToken: return 3014
            case .JWTPublicKeyNotFound: return 3015
            case .cryptoError: return 3016
            }
        case .generalError(let reason):
            switch reason {
            case .conversionError: return 4001
            case .parameterError: return 4002
            case .notOriginalTask: return 4003
            case .processDiscarded: return 4004
            }
        case .untypedError: return -1
        }
    }

    /// The reason's values under LINE's ``LineSDKErrorUserInfoKey`` names (redacted where LINE's would
    /// hold a secret).
    public var errorUserInfo: [String: Any] {
        var info: [LineSDKErrorUserInfoKey: Any] = [:]
        switch self {
        case .requestFailed(.jsonEncodingFailed(let error)): info[.underlyingError] = error
        case .requestFailed: break
        case .responseFailed(let reason):
            switch reason {
            case .URLSessionError(let error): info[.underlyingError] = error
            case .nonHTTPURLResponse: break
            case .dataParsingFailed(let type, let data, let error):
                info[.type] = type
                info[.data] = data
                if let error { info[.underlyingError] = error }
            case .invalidHTTPStatusAPIError(let detail):
                info[.statusCode] = detail.code
                info[.raw] = detail.raw
                if let error = detail.error { info[.APIError] = error }
                if let rawString = detail.rawString { info[.message] = rawString }
            }
        case .authorizeFailed(let reason):
            switch reason {
            case .malformedRedirectURL(let url, let message):
                info[.url] = url
                if let message { info[.message] = message }
            case .invalidLineURLResultCode(let code): info[.resultCode] = code
            case .lineClientError(let code, let message):
                info[.resultCode] = code
                if let message { info[.message] = message }
            case .webLoginError(let error, let message):
                info[.underlyingError] = error
                if let message { info[.message] = message }
            case .keychainOperation(let status): info[.status] = status
            case .lackOfIDToken(let raw): if let raw { info[.raw] = raw }
            case .JWTPublicKeyNotFound(let keyID): if let keyID { info[.raw] = keyID }
            case .cryptoError(let error): info[.underlyingError] = error
            case .exhaustedLoginFlow, .malformedHierarchy, .userCancelled, .forceStopped, .callbackURLSchemeNotMatching,
                .invalidSourceApplication, .responseStateValueNotMatching, .invalidDataInKeychain:
                break
            }
        case .generalError(let reason):
            switch reason {
            case .conversionError(let text, let encoding):
                info[.text] = text
                info[.encoding] = encoding
            case .parameterError(let name, let why):
                info[.parameterName] = name
                info[.reason] = why
            case .notOriginalTask: break
            case .processDiscarded(let process): info[.process] = process
            }
        case .untypedError(let error): info[.underlyingError] = error
        }
        var userInfo = Dictionary(uniqueKeysWithValues: info.map { ($0.key.rawValue, $0.value) })
        // So `localizedDescription` is the sentence on every platform (Linux reads only this dictionary).
        userInfo[NSLocalizedDescriptionKey] = description
        return userInfo
    }
}

extension LineSDKError: LocalizedError, CustomStringConvertible {
    /// A sentence that says what happened and what to do, without any token material.
    public var errorDescription: String? { description }

    /// A sentence that says what happened and what to do, without any token material.
    public var description: String {
        switch self {
        case .requestFailed(let reason):
            switch reason {
            case .missingURL: return "The request failed: a URL could not be built."
            case .lackOfAccessToken: return "No access token is stored: log in first."
            case .jsonEncodingFailed: return "The request failed: its JSON body could not be encoded."
            case .invalidParameter(let items):
                return "The request was not sent: " + items.map { "\($0.name): \($0.description)" }.joined(separator: "; ") + "."
            }
        case .responseFailed(let reason):
            switch reason {
            case .URLSessionError(let error): return "LINE could not be reached (\(error)); check the network and try again."
            case .nonHTTPURLResponse: return "The answer was not an HTTP response."
            case .dataParsingFailed(_, _, let error):
                return "LINE's answer could not be read\(error.map { ": \($0)" } ?? "")."
            case .invalidHTTPStatusAPIError(let detail):
                let what = [detail.errorCode, detail.message].compactMap { $0 }.joined(separator: ": ")
                return "LINE answered HTTP \(detail.code)\(what.isEmpty ? "" : " (\(what))")\(Self.suffix(detail))."
            }
        case .authorizeFailed(let reason):
            switch reason {
            case .exhaustedLoginFlow: return "The login could not be completed: no login method is left."
            case .malformedHierarchy: return "The login page could not be shown: there is no view controller to present it from."
            case .userCancelled: return "The user cancelled the login."
            case .forceStopped: return "The app stopped the login."
            case .callbackURLSchemeNotMatching: return "The app was opened with a URL that is not this channel's login callback."
            case .invalidSourceApplication: return "The login callback came from an unexpected app."
            case .malformedRedirectURL(_, let message): return "The login callback could not be used\(message.map { ": \($0)" } ?? "")."
            case .invalidLineURLResultCode(let code): return "The LINE app answered with an unknown result code \(code)."
            case .lineClientError(let code, let message): return "The LINE app reported an error \(code)\(message.map { ": \($0)" } ?? "")."
            case .responseStateValueNotMatching:
                return
                    "The login callback's state did not match, so its code was not used; if LINE's auto login failed, retry once with disableAutoLogin."
            case .webLoginError(let error, let description):
                return "LINE's login page reported \(error)\(description.map { ": \($0)" } ?? "")."
            case .keychainOperation(let status): return "The Keychain refused the operation (status \(status))."
            case .invalidDataInKeychain: return "The stored login could not be read; log in again."
            case .lackOfIDToken: return "openid was granted but LINE returned no ID token."
            case .JWTPublicKeyNotFound(let keyID): return "No published LINE key has the ID token's key ID\(keyID.map { " \($0)" } ?? "")."
            case .cryptoError(let error): return error.errorDescription ?? "The ID token was refused."
            }
        case .generalError(let reason):
            switch reason {
            case .conversionError(let text, let encoding): return "\"\(text)\" could not be converted with \(encoding)."
            case .parameterError(let name, let description): return "Invalid \(name): \(description)"
            case .notOriginalTask: return "A finished task was not the one asked for."
            case .processDiscarded: return "This login was replaced by a newer one."
            }
        case .untypedError(let error):
            // The engine's errors describe themselves in words; a phrase becomes a sentence.
            let phrase = "\(error)"
            return phrase.isEmpty ? "The operation failed." : phrase.asSentence
        }
    }

    private static func suffix(_ detail: ResponseErrorReason.APIErrorDetail) -> String {
        detail.requestID.map { " [x-line-request-id: \($0)]" } ?? ""
    }
}
