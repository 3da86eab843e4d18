import Foundation
import OAuthEngine
import Testing
@testable import LineSDK

/// Every engine error kind the SDK and the CLI can receive reads as words: no Swift case name, no
/// `Optional(…)`, no type name (those belong to `ErrorStructure`, the CLI's `--verbose`).
@Suite struct ErrorWordsTests {
    static let server = ServerError(statusCode: 400, code: "invalid_grant", message: "refresh token expired")
    static let engineErrors: [OAuthError] = [
        .configuration("issuer must use https"), .transport(.timedOut), .transport(.connectionFailed("URLError -1004")),
        .transport(.connectionFailed("URLError -1003")), .transport(.cancelled), .transport(.other("URLError -1011")),
        .transport(.other("SomeUnknownError")), .transport(.backingOff(seconds: 3)),
        .server(server), .server(ServerError(statusCode: 503)), .invalidResponse(ServerError(statusCode: 200, reason: "not JSON")),
        .authorization(.noPendingLogin), .authorization(.missingState), .authorization(.stateMismatch),
        .authorization(.providerError(code: "access_denied", description: nil)), .authorization(.issuerMismatch),
        .authorization(.missingCode), .authorization(.malformedRedirect),
        .idToken(.expired), .idToken(.issuerMismatch(expected: "https://access.line.me", actual: nil)), .idToken(.jose(.malformed("x"))),
        .idToken(.keysUnavailable("JWKS fetch failed")),
        .userAgent(.cancelled), .userAgent(.timedOut), .userAgent(.invalidRedirectURI("another URL")),
        .userAgent(.unavailable("no display")),
        .tokenStore(.corrupt("not JSON")), .tokenStore(.io("disk full")), .tokenStore(.unavailable("locked")),
        .tokenStore(.insecure("0644")),
        .notSignedIn, .noRefreshToken,
    ]

    static func internals(in text: String) -> String? {
        if text.contains("Optional(") { return "Optional(" }
        if let match = text.firstMatch(of: #/\b[a-z]+[A-Z]\w*\(/#) { return String(match.output) }
        for name in [
            "OAuthError", "LineSDKError", "TransportError", "IDTokenError", "UserAgentError", "TokenStoreError", "URLError ", "Swift.",
        ]
        where text.contains(name) { return name }
        return nil
    }

    @Test(arguments: engineErrors)
    func engineErrorsReadAsWords(error: OAuthError) {
        #expect(Self.internals(in: error.description) == nil, "\(error.description)")
        let sdk = LineSDKError(error)
        #expect(Self.internals(in: sdk.description) == nil, "\(sdk.description)")
        #expect(sdk.description.first?.isUppercase == true && sdk.description.hasSuffix("."), "\(sdk.description)")
    }

    /// What `--verbose` prints: the types and cases, down to the leaf's sentence.
    @Test func theStructureShowsTypesAndCases() {
        let text = ErrorStructure.describe(LineSDKError(OAuthError.server(Self.server)))
        #expect(
            text.hasPrefix(
                "LineSDKError.responseFailed(reason: ResponseErrorReason.invalidHTTPStatusAPIError(detail: APIErrorDetail(code: 400"),
            "\(text)")
        #expect(
            ErrorStructure.describe(OAuthError.userAgent(.timedOut)) == "OAuthError.userAgent(UserAgentError: no login came back in time)")
        // A second line of defence: no query, nothing token-shaped, even if an error carried one.
        let leaky = ErrorStructure.describe(URL(string: "https://api.line.example/verify?access_token=secret-value")!)
        #expect(leaky == "https://api.line.example/verify")
        let jwt = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJVMTIzNDU2Nzg5MCJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ"
        #expect(!ErrorStructure.describe(OAuthError.configuration("bad \(jwt)")).contains(jwt))
    }
}
