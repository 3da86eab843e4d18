import Foundation
import OAuthEngine

extension LineSDKError {
    /// Translates an engine error into LINE's vocabulary. `endpoint` names the API that failed.
    init(_ error: OAuthError, endpoint: String? = nil) {
        switch error {
        case .configuration(let message):
            self = message.contains("https") ? .requestFailed(reason: .insecureEndpoint(message)) : .generalError(reason: .invalidConfiguration(message))
        case .transport(.cancelled):
            self = .authorizeFailed(reason: .forceStopped)
        case .transport(let transportError):
            self = .responseFailed(reason: .URLSessionError(transportError))
        case .server(let serverError):
            self = .responseFailed(reason: .invalidHTTPStatusAPIError(detail: APIErrorDetail(serverError, endpoint: endpoint)))
        case .invalidResponse(let serverError):
            self = .responseFailed(reason: .dataParsingFailed(type: endpoint ?? "response", reason: serverError.reason ?? "unexpected body",
                                                              detail: APIErrorDetail(serverError, endpoint: endpoint)))
        case .authorization(let authorizationError):
            switch authorizationError {
            case .stateMismatch, .missingState: self = .authorizeFailed(reason: .responseStateValueNotMatching)
            case .providerError(let code, let description):
                self = code.lowercased() == "access_denied" ? .authorizeFailed(reason: .userCancelled)
                    : .authorizeFailed(reason: .webLoginError(error: code, description: description))
            case .noPendingLogin: self = .authorizeFailed(reason: .malformedRedirectURL(message: "no login is waiting for this redirect"))
            case .issuerMismatch: self = .authorizeFailed(reason: .malformedRedirectURL(message: "iss differs from the issuer"))
            case .missingCode: self = .authorizeFailed(reason: .malformedRedirectURL(message: "no code in the redirect"))
            case .malformedRedirect: self = .authorizeFailed(reason: .malformedRedirectURL(message: "the redirect URL could not be parsed"))
            }
        case .idToken(.jose(.unknownKeyID)):
            self = .authorizeFailed(reason: .JWTPublicKeyNotFound(keyID: nil))
        case .idToken(.subjectMismatch):
            self = .authorizeFailed(reason: .userIDMismatch)
        case .idToken(let idTokenError):
            self = .authorizeFailed(reason: .IDTokenValidationFailed(idTokenError))
        case .userAgent(let agentError):
            switch agentError {
            case .cancelled: self = .authorizeFailed(reason: .forceStopped)
            case .timedOut: self = .authorizeFailed(reason: .timedOut)
            case .invalidRedirectURI(let why), .unavailable(let why): self = .authorizeFailed(reason: .userAgentUnavailable(why))
            }
        case .tokenStore(let storeError):
            self = .generalError(reason: .tokenStoreFailed(storeError))
        case .notSignedIn, .noRefreshToken:
            self = .requestFailed(reason: .lackOfAccessToken)
        }
    }
}
