import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import OAuthEngine

/// Every error the SDK reports, grouped by where it happened, as in LINE's SDK. No case carries a
/// token, code or secret; response bodies are kept with token fields redacted.
public enum LineSDKError: Error, Sendable {
    /// The request could not be made (not set up, no token, bad parameter, insecure endpoint).
    case requestFailed(reason: RequestErrorReason)
    /// The request was made but the response is an error or unreadable.
    case responseFailed(reason: ResponseErrorReason)
    /// The login (authorization) failed.
    case authorizeFailed(reason: AuthorizeErrorReason)
    /// Anything else (misuse, storage, a login already running).
    case generalError(reason: GeneralErrorReason)

    /// Why a request could not be made.
    public enum RequestErrorReason: Sendable {
        /// A URL could not be built.
        case missingURL
        /// No access token is stored: log in first.
        case lackOfAccessToken
        /// `LoginManager.setup` has not been called.
        case setupNotFinished
        /// An endpoint is not https (and not loopback).
        case insecureEndpoint(String)
        /// A parameter is invalid.
        case invalidParameter(name: String, description: String)
    }

    /// Why a response was refused.
    public enum ResponseErrorReason: Sendable {
        /// The network failed before a response arrived (timeout, connection).
        case URLSessionError(TransportError)
        /// The response is not a valid HTTP response.
        case nonHTTPURLResponse
        /// The body could not be parsed as `type`.
        case dataParsingFailed(type: String, reason: String, detail: APIErrorDetail)
        /// A non-2xx status; `detail` holds status, LINE's error, `x-line-request-id` and the redacted body.
        case invalidHTTPStatusAPIError(detail: APIErrorDetail)
    }

    /// Why a login failed.
    public enum AuthorizeErrorReason: Sendable {
        /// The user cancelled (closed the page, pressed Cancel: `access_denied`).
        case userCancelled
        /// The app stopped the login (`LoginProcess.stop()`, task cancellation).
        case forceStopped
        /// No redirect arrived in time.
        case timedOut
        /// The user agent could not be started (e.g. the redirect port is taken).
        case userAgentUnavailable(String)
        /// The redirect URL could not be used.
        case malformedRedirectURL(message: String)
        /// `state` in the redirect differs from the one sent. The code was not exchanged. With LINE this is
        /// also how a failed auto login comes back: retry once with `disableAutoLogin` (see
        /// ``LineSDKError/retryParameters(after:)``).
        case responseStateValueNotMatching
        /// LINE's login page returned an error (other than a cancel).
        case webLoginError(error: String, description: String?)
        /// `openid` was granted but no ID token came back.
        case lackOfIDToken
        /// No JWKS key has the ID token's `kid` (after one refetch).
        case JWTPublicKeyNotFound(keyID: String?)
        /// The ID token was refused (signature, issuer, audience, time, nonce, subject).
        case IDTokenValidationFailed(IDTokenError)
        /// The ID token's `sub` differs from the profile's user ID.
        case userIDMismatch
        /// The requested permissions are invalid (LINE needs `profile` or `openID`).
        case invalidPermissions(String)
    }

    /// Other failures.
    public enum GeneralErrorReason: Sendable {
        /// Another login of this manager is running.
        case loginInProgress
        /// A value could not be converted.
        case conversionError(String)
        /// A parameter is invalid.
        case parameterError(parameterName: String, description: String)
        /// The token store failed.
        case tokenStoreFailed(TokenStoreError)
        /// The configuration is invalid.
        case invalidConfiguration(String)
    }

    /// LINE's error body, as LINE's SDK names it: `error` (the OAuth `error`, or the API-style `message`)
    /// and `detail` (`error_description`).
    public struct APIError: Sendable, Equatable {
        /// The error code or message.
        public let error: String
        /// The description, when sent.
        public let detail: String?
    }

    /// Details of an HTTP error response: status, LINE's error fields, request ID and the redacted body.
    public struct APIErrorDetail: Sendable, Equatable {
        /// The HTTP status code.
        public let code: Int
        /// LINE's error as LINE's SDK exposes it (`error.error`, `error.detail`).
        public let error: APIError?
        /// The OAuth `error` code when sent, e.g. `invalid_grant`.
        public let errorCode: String?
        /// `error_description` or API-style `message`.
        public let message: String?
        /// `x-line-request-id`.
        public let requestID: String?
        /// The body, token fields redacted.
        public let rawString: String
        /// Which endpoint answered (a name such as `profile` or `token`).
        public let endpoint: String?
        /// The response's header fields (lower-cased names).
        public let headers: [String: String]

        /// Creates a detail from the engine's server error.
        public init(_ error: ServerError, endpoint: String? = nil, headers: [String: String] = [:]) {
            code = error.statusCode
            errorCode = error.code
            message = error.message
            if let code = error.code {
                self.error = APIError(error: code, detail: error.message)
            } else if let message = error.message {
                // API-style errors (`{"message": …}`) have only a message.
                self.error = APIError(error: message, detail: nil)
            } else {
                self.error = nil
            }
            requestID = error.requestID
            rawString = error.body
            self.endpoint = endpoint
            var headers = headers
            if let requestID = error.requestID { headers["x-line-request-id"] = requestID }
            self.headers = headers
        }

        /// The response as an `HTTPURLResponse` (status and headers; the URL names only the endpoint).
        public var raw: HTTPURLResponse? {
            let url = URL(string: "line-sdk://\(endpoint ?? "response")") ?? URL(fileURLWithPath: "/")
            return HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: headers)
        }
    }
}
