#if Hummingbird && Emulator
import OAuthEngine
import Testing
import LineLoginServer

/// The framework-free refusal table and header parsing that every framework's middleware renders.
struct BearerRefusalTests {
    @Test(arguments: [
        ("Bearer abc", "abc"), ("bearer abc", "abc"), ("BEARER  abc ", "abc"), ("\tBearer\tabc\t", "abc"),
        ("Bearer a.b.c", "a.b.c"),
    ])
    func readsTheToken(header: String, token: String) {
        #expect(BearerAuthorization.token(header) == token)
    }

    @Test(arguments: ["", "Bearer", "Bearer   ", "Basic abc", "Bearerabc", "Token abc", "Bearers abc"])
    func refusesWhatIsNotABearerToken(header: String) {
        #expect(BearerAuthorization.token(header) == nil)
    }

    @Test func aMissingTokenIsAChallengeWithoutAnErrorCode() {
        let refusal = BearerRefusal(.missingToken)
        #expect(refusal.status == 401)
        #expect(refusal.error == "invalid_request")
        #expect(refusal.wwwAuthenticate == "Bearer realm=\"LINE\"")
        #expect(refusal.retryAfter == nil)
        #expect(refusal.body == ["error": "invalid_request", "error_description": "no token was sent", "reason": "missing_token"])
    }

    @Test func aBadTokenIsInvalidToken() {
        for error in [VerificationError.malformedToken, .accessTokenExpired, .unknownChannel, .nonceNotIssued] {
            let refusal = BearerRefusal(error)
            #expect(refusal.status == 401)
            #expect(refusal.error == "invalid_token")
            #expect(refusal.wwwAuthenticate == "Bearer realm=\"LINE\", error=\"invalid_token\"")
            #expect(refusal.reason == error.code)
        }
    }

    @Test func aMissingScopeIsForbidden() {
        let refusal = BearerRefusal(.insufficientScope)
        #expect(refusal.status == 403)
        #expect(refusal.wwwAuthenticate == "Bearer realm=\"LINE\", error=\"insufficient_scope\"")
    }

    @Test func anOutageIsServiceUnavailableWithRetryAfterNeverA401() {
        for error in [VerificationError.unavailable(.transport(.backingOff(seconds: 30))), .nonceStoreUnavailable("down")] {
            let refusal = BearerRefusal(error)
            #expect(refusal.status == 503)
            #expect(refusal.error == "temporarily_unavailable")
            #expect(refusal.wwwAuthenticate == nil)
            #expect((1...300).contains(refusal.retryAfter ?? 0))
        }
        #expect(BearerRefusal(.unavailable(.transport(.backingOff(seconds: 30)))).retryAfter == 30)
    }
}
#endif
