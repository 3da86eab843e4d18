import Testing
import OAuthEngine

/// What the CLI prints and the server kit sends: sentences, never a Swift case name or `Optional(…)`.
@Suite struct IDTokenErrorDescriptionTests {
    static let all: [IDTokenError] = [
        .missing, .jose(.malformed("x")), .jose(.tooLarge(limit: 65_536)), .jose(.unsupportedAlgorithm("none")),
        .jose(.algorithmNotAllowed("HS256")), .jose(.criticalHeader), .jose(.keyMismatch), .jose(.invalidKey("x")),
        .jose(.unknownKeyID), .jose(.invalidSignature), .keysUnavailable("x"), .noSecretForHS256,
        .issuerMismatch(expected: "https://access.line.me", actual: nil),
        .issuerMismatch(expected: "https://access.line.me", actual: "https://evil.example"), .audienceMismatch,
        .authorizedPartyMismatch, .expired, .missingIssuedAt, .issuedInFuture, .notYetValid, .nonceMismatch,
        .authTimeInvalid, .missingSubject, .subjectMismatch,
    ]

    @Test(arguments: all)
    func isASentence(error: IDTokenError) {
        let text = error.description
        #expect(!text.contains("(") && !text.contains("_"), "\(text)")
        #expect(text.first?.isLowercase == true && !text.hasSuffix("."), "a phrase for a sentence: \(text)")
    }

    @Test func anIssuerMismatchNamesBothIssuers() {
        let text = IDTokenError.issuerMismatch(expected: "https://access.line.me", actual: "https://evil.example").description
        #expect(text == #"the ID token's issuer is "https://evil.example", not "https://access.line.me""#)
    }
}
