import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthEngine

extension LineSDKError {
    /// What stands in for a value LINE's reason has room for but that must never leave the SDK
    /// (`state`, a nonce, a token).
    static let redacted = "<redacted>"

    /// Translates an engine error into LINE's vocabulary.
    /// - Parameters:
    ///   - url: the endpoint that answered (its query is dropped: it may hold a token).
    ///   - type: the type a body was to be decoded as, for ``ResponseErrorReason/dataParsingFailed(_:_:_:)``.
    init(_ error: OAuthError, url: URL? = nil, parsing type: Any.Type = Data.self) {
        switch error {
        case .configuration(let message):
            self =
                message.contains("https")
                ? .requestFailed(
                    reason: .invalidParameter([
                        .init(
                            name: "endpoint", value: url.map(Self.withoutQuery)?.absoluteString ?? "",
                            description: message)
                    ]))
                : .generalError(reason: .parameterError(parameterName: "configuration", description: message))
        case .transport(.cancelled):
            self = .authorizeFailed(reason: .forceStopped)
        case .transport(let transportError):
            self = .responseFailed(reason: .URLSessionError(transportError))
        case .server(let serverError):
            self = .responseFailed(reason: .invalidHTTPStatusAPIError(detail: APIErrorDetail(serverError, url: serverError.url ?? url)))
        case .invalidResponse(let serverError):
            self = .responseFailed(
                reason: .dataParsingFailed(
                    type, Data(serverError.body.utf8),
                    ParsingFailure(
                        reason: serverError.reason ?? "unexpected body",
                        requestID: serverError.requestID,
                        statusCode: serverError.statusCode)))
        case .authorization(let refusal):
            self = .authorizeFailed(reason: Self.reason(for: refusal))
        case .idToken(.missing):
            self = .authorizeFailed(reason: .lackOfIDToken(raw: nil))
        case .idToken(.jose(.unknownKeyID)):
            self = .authorizeFailed(reason: .JWTPublicKeyNotFound(keyID: nil))
        case .idToken(.keysUnavailable):
            // The keys couldn't be fetched: nothing is known about the token itself.
            self = .untypedError(error: error)
        case .idToken(let refusal):
            self = .authorizeFailed(reason: .cryptoError(error: CryptoError(refusal)))
        case .userAgent(.cancelled):
            self = .authorizeFailed(reason: .forceStopped)
        case .userAgent(let agentError):
            self = .untypedError(error: agentError)
        case .tokenStore(.corrupt):
            self = .authorizeFailed(reason: .invalidDataInKeychain)
        case .tokenStore(let storeError):
            self = .untypedError(error: storeError)
        case .notSignedIn, .noRefreshToken:
            self = .requestFailed(reason: .lackOfAccessToken)
        }
    }

    private static func reason(for refusal: AuthorizationError) -> AuthorizeErrorReason {
        switch refusal {
        case .stateMismatch: return .responseStateValueNotMatching(expected: redacted, got: redacted)
        case .missingState: return .responseStateValueNotMatching(expected: redacted, got: nil)
        case .providerError(let code, let description):
            return refusal.isAccessDenied ? .userCancelled : .webLoginError(error: code, description: description)
        case .noPendingLogin: return .malformedRedirectURL(url: redactedCallback, message: "no login is waiting for this redirect")
        case .issuerMismatch: return .malformedRedirectURL(url: redactedCallback, message: "iss differs from the issuer")
        case .missingCode: return .malformedRedirectURL(url: redactedCallback, message: "no code in the redirect")
        case .malformedRedirect: return .malformedRedirectURL(url: redactedCallback, message: "the redirect URL could not be parsed")
        }
    }

    // The engine reports a refused redirect without its URL, which held the code and state.
    private static let redactedCallback = URL(fileURLWithPath: "/redacted")

    static func withoutQuery(_ url: URL) -> URL {
        ServerError.withoutQuery(url) ?? redactedCallback
    }

    /// What was wrong with a body, without quoting it, and LINE's request ID for it.
    struct ParsingFailure: Error, CustomStringConvertible {
        let reason: String
        let requestID: String?
        let statusCode: Int
        var description: String { reason }
    }
}

extension LineSDKError.ResponseErrorReason.APIErrorDetail {
    /// A detail from the engine's server error; `url` is the endpoint (its query is dropped).
    init(_ error: ServerError, url: URL?) {
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
        var headers: [String: String] = [:]
        if let requestID = error.requestID { headers["x-line-request-id"] = requestID }
        let endpoint = url.map(LineSDKError.withoutQuery) ?? URL(fileURLWithPath: "/")
        // HTTPURLResponse's initializer fails only for a status outside 100…999, which no server sends.
        raw =
            HTTPURLResponse(url: endpoint, statusCode: error.statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
            ?? HTTPURLResponse(url: endpoint, statusCode: 500, httpVersion: "HTTP/1.1", headerFields: headers)!
    }
}

extension CryptoError {
    /// The engine's ID-token refusal as the claim, key or algorithm LINE's SDK names. Never holds the
    /// token or its nonce.
    init(_ error: IDTokenError) {
        func claim(_ key: String, got: String = "", _ description: String) -> CryptoError {
            .JWTFailed(reason: .claimVerifyingFailed(key: key, got: got, description: description))
        }
        switch error {
        case .jose(.malformed), .jose(.tooLarge): self = .JWTFailed(reason: .malformedJWTFormat(string: LineSDKError.redacted))
        case .jose(.unsupportedAlgorithm(let name)), .jose(.algorithmNotAllowed(let name)):
            self = .JWTFailed(reason: .unsupportedHeaderAlgorithm(name: name))
        case .noSecretForHS256: self = .JWTFailed(reason: .unsupportedHeaderAlgorithm(name: "HS256"))
        case .jose(.criticalHeader): self = claim("crit", got: "present", "no critical header is understood")
        case .jose(.keyMismatch): self = .JWKFailed(reason: .unsupportedKeyType("the key with the token's kid does not fit its algorithm"))
        case .jose(.invalidKey(let why)): self = .JWKFailed(reason: .unsupportedKeyType(why))
        case .jose(.unknownKeyID): self = .JWKFailed(reason: .unsupportedKeyType("no key has the token's kid"))
        case .jose(.invalidSignature): self = .algorithmsFailed(reason: .invalidSignature(data: Data()))
        case .keysUnavailable: self = .algorithmsFailed(reason: .verifyingError(error, statusCode: nil))
        case .missing: self = .JWTFailed(reason: .malformedJWTFormat(string: ""))
        case .issuerMismatch(let expected, let actual): self = claim("iss", got: actual ?? "", "expected \(expected)")
        case .audienceMismatch: self = claim("aud", "the token was issued to another channel")
        case .authorizedPartyMismatch: self = claim("azp", "the authorized party is another channel")
        case .expired: self = claim("exp", "the token has expired")
        case .missingIssuedAt: self = claim("iat", "iat is required")
        case .issuedInFuture: self = claim("iat", "the token was issued in the future")
        case .notYetValid: self = claim("nbf", "the token is not valid yet")
        case .nonceMismatch: self = claim("nonce", got: LineSDKError.redacted, "the nonce differs from the one sent")
        case .authTimeInvalid: self = claim("auth_time", "the sign-in is older than max_age")
        case .missingSubject: self = claim("sub", "sub is required")
        case .subjectMismatch: self = claim("sub", "the ID token's subject differs from the profile's user ID")
        }
    }
}
