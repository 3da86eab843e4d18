public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

#if !canImport(Darwin)
/// The Security framework's status code type, for ``LineSDKError/AuthorizeErrorReason/keychainOperation(status:)``
/// on platforms without that framework.
public typealias OSStatus = Int32
#endif

/// Every error the SDK reports, with LINE SDK's cases and reasons, so LINE-written `switch` statements
/// compile and stay exhaustive. Failures LINE's SDK has no reason for are reported under the closest
/// reason LINE has, or as ``untypedError(error:)`` carrying this package's own error value.
///
/// No case carries a token, authorization code, `state` or secret: where LINE's reason has room for
/// one (``AuthorizeErrorReason/responseStateValueNotMatching(expected:got:)``,
/// ``AuthorizeErrorReason/malformedRedirectURL(url:message:)``, ``AuthorizeErrorReason/lackOfIDToken(raw:)``,
/// ``ResponseErrorReason/dataParsingFailed(_:_:_:)``), it holds a redacted value.
public enum LineSDKError: Error {
    /// The request could not be made (no token, an invalid parameter, an insecure endpoint).
    case requestFailed(reason: RequestErrorReason)
    /// The request was made but the response is an error or unreadable.
    case responseFailed(reason: ResponseErrorReason)
    /// The login (authorization) failed.
    case authorizeFailed(reason: AuthorizeErrorReason)
    /// Anything else (misuse, a replaced login).
    case generalError(reason: GeneralErrorReason)
    /// A failure with no LINE reason: this package's own error value (e.g. a `UserAgentError` when no
    /// redirect arrived in time, a `TokenStoreError` when the store can't be written).
    case untypedError(error: any Error)

    /// Why a request could not be made.
    public enum RequestErrorReason: Sendable {
        /// A URL could not be built. Code 1001.
        case missingURL
        /// No access token is stored: log in first. Code 1002.
        case lackOfAccessToken
        /// The request's JSON body could not be encoded. Code 1003.
        case jsonEncodingFailed(any Error)
        /// A parameter breaks a precondition (an endpoint that isn't https, an empty channel ID). Code 1004.
        case invalidParameter([ParameterItem])

        /// One refused parameter of ``invalidParameter(_:)``.
        public struct ParameterItem: Sendable {
            /// The parameter's name.
            public let name: String
            /// Its value (never a secret).
            public let value: String
            /// Why it was refused.
            public let description: String

            /// Creates an item.
            public init(name: String, value: String, description: String) {
                self.name = name
                self.value = value
                self.description = description
            }
        }
    }

    /// Why a response was refused.
    public enum ResponseErrorReason: Sendable {
        /// Details of a non-2xx answer: status, LINE's error, the response, the redacted body.
        public struct APIErrorDetail: Sendable {
            /// The HTTP status code.
            public let code: Int
            /// LINE's error body (`error`/`error_description`, or an API-style `message`), when readable.
            public let error: APIError?
            /// The response: its status and headers; its URL is the endpoint without the query (which may
            /// hold a token).
            public let raw: HTTPURLResponse
            /// The body as text, token fields redacted.
            public let rawString: String?
            /// The OAuth `error` code when sent, e.g. `invalid_grant`.
            public let errorCode: String?
            /// `error_description` or API-style `message`.
            public let message: String?
            /// `x-line-request-id`, for LINE's support.
            public let requestID: String?
        }

        /// The network failed before a response arrived. The error is a `TransportError` (its
        /// `urlErrorCode` is the `URLError` code). Code 2001.
        case URLSessionError(any Error)
        /// The response is not an HTTP response. Code 2002.
        case nonHTTPURLResponse
        /// The body could not be read as the type. The data is the body with token fields redacted; the
        /// error says what was wrong without quoting values. Code 2003.
        case dataParsingFailed(Any.Type, Data, (any Error)?)
        /// A non-2xx status. Code 2004.
        case invalidHTTPStatusAPIError(detail: APIErrorDetail)
    }

    /// Why a login failed.
    public enum AuthorizeErrorReason: Sendable {
        /// No login method is left to try. Code 3001.
        case exhaustedLoginFlow
        /// The login page could not be presented (no window or view controller to present from). Code 3002.
        case malformedHierarchy
        /// The user cancelled (closed the page, pressed Cancel: `access_denied`). Code 3003.
        case userCancelled
        /// The app stopped the login (`LoginProcess.stop()`, task cancellation). Code 3004.
        case forceStopped
        /// The URL the app was opened with is not this channel's callback. Code 3005.
        case callbackURLSchemeNotMatching
        /// The app that opened the callback is not LINE (unused, as in LINE SDK 5.2.4 and later). Code 3006.
        case invalidSourceApplication
        /// The callback could not be used. `url` is the callback without its query (which holds the code
        /// and state). Code 3007.
        case malformedRedirectURL(url: URL, message: String?)
        /// The LINE app answered with an unknown result code. Code 3008.
        case invalidLineURLResultCode(String)
        /// The LINE app reported an error. Code 3009.
        case lineClientError(code: String, message: String?)
        /// `state` in the callback differs from the one sent; the code was not exchanged. Both values are
        /// `"<redacted>"` (`got` is `nil` when the callback had none). With LINE this is also how a failed
        /// auto login comes back: retry once with ``LineSDKError/retryParameters(after:)``. Code 3010.
        case responseStateValueNotMatching(expected: String, got: String?)
        /// LINE's login page returned an error other than a cancel. Code 3011.
        case webLoginError(error: String, description: String?)
        /// The Keychain refused an operation. Code 3012.
        case keychainOperation(status: OSStatus)
        /// The stored session could not be read (a corrupt Keychain item or token file). Code 3013.
        case invalidDataInKeychain
        /// `openid` was granted but no ID token came back (`raw` is always `nil`). Code 3014.
        case lackOfIDToken(raw: String?)
        /// No published key has the ID token's `kid` (after one refetch). Code 3015.
        case JWTPublicKeyNotFound(keyID: String?)
        /// The ID token was refused: signature, algorithm, key, or a claim (`iss`, `aud`, `exp`, `nonce`,
        /// `sub` against the profile, …). Code 3016.
        case cryptoError(error: CryptoError)
    }

    /// Other failures.
    public enum GeneralErrorReason: Sendable {
        /// A value could not be converted with an encoding. Code 4001.
        case conversionError(string: String, encoding: String.Encoding)
        /// A method was called with an invalid parameter, such as permissions without `.profile` or
        /// `.openID`, a configuration that can't be used, a call before `setup`, or a second login while
        /// one runs. Code 4002.
        case parameterError(parameterName: String, description: String)
        /// A finished task was not the one asked for (LINE's image downloader). Code 4003.
        case notOriginalTask(token: UInt)
        /// This login was replaced by a newer one started with `allowRecreatingLoginProcess`. Code 4004.
        case processDiscarded(LoginProcess)
    }
}

/// LINE's error body: `error` (the OAuth `error`, or an API-style `message`) and `detail`
/// (`error_description`).
public struct APIError: Sendable, Equatable {
    /// The error code or message sent by the LINE Platform.
    public let error: String
    /// The description, when sent.
    public let detail: String?

    /// Creates an error body.
    public init(error: String, detail: String?) {
        self.error = error
        self.detail = detail
    }
}

/// The keys of ``LineSDKError``'s `errorUserInfo`, as LINE's SDK names them.
public enum LineSDKErrorUserInfoKey: String, Sendable {
    /// The underlying error.
    case underlyingError
    /// The HTTP status code.
    case statusCode
    /// A LINE app result code.
    case resultCode
    /// The type that could not be parsed.
    case type
    /// The (redacted) data that could not be parsed.
    case data
    /// The ``APIError``.
    case APIError
    /// The raw response.
    case raw
    /// A URL (without its query).
    case url
    /// A message.
    case message
    /// A Keychain status.
    case status
    /// A text that could not be converted.
    case text
    /// An encoding.
    case encoding
    /// A parameter's name.
    case parameterName
    /// Why.
    case reason
    /// An index.
    case index
    /// A claim's name.
    case key
    /// The value received.
    case got
    /// A login process.
    case process
}

extension LineSDKError {
    /// This package's earlier name for ``ResponseErrorReason/APIErrorDetail``.
    public typealias APIErrorDetail = ResponseErrorReason.APIErrorDetail
    /// This package's earlier name for the top-level ``APIError``.
    public typealias APIError = LineSDK.APIError
}
