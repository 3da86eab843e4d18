import Foundation
@testable import OAuthEngine
import Testing

/// The redirect: for this login only, `state` first, errors after the state check, `iss`, one of each parameter.
@Suite struct AuthorizationResponseTests {
    let request = AuthorizationRequest(
        endpoint: CoreFixtures.authorizationEndpoint, clientID: CoreFixtures.clientID,
        redirectURI: URL(string: "https://app.example:8443/callback")!, scopes: ["openid"], generateNonce: true)

    func redirect(_ query: String, base: String = "https://app.example:8443/callback") -> URL {
        URL(string: query.isEmpty ? base : base + "?" + query)!
    }

    func outcome(_ url: URL, issuer: String? = CoreFixtures.issuer) -> Result<AuthorizationResponse, AuthorizationError> {
        Result { () throws(AuthorizationError) in try AuthorizationResponse(url: url, request: request, issuer: issuer) }
    }

    func error(_ url: URL, issuer: String? = CoreFixtures.issuer) -> AuthorizationError? {
        if case .failure(let error) = outcome(url, issuer: issuer) { return error }
        return nil
    }

    var state: String { request.state }

    @Test func acceptsTheMatchingRedirect() throws {
        let response = try outcome(redirect("code=abc&state=\(state)&friendship_status_changed=true")).get()
        #expect(response.code == "abc")
        #expect(response.parameters["friendship_status_changed"] == "true")
        #expect(response.parameters["code"] == nil)
        // Host and scheme case and a trailing slash don't matter.
        #expect(error(redirect("code=abc&state=\(state)", base: "HTTPS://APP.example:8443/callback/")) == nil)
    }

    @Test(arguments: [
        "https://app.example:8443/other", // path
        "https://evil.example:8443/callback", // host
        "https://app.example:9443/callback", // port
        "https://app.example/callback", // default port
        "http://app.example:8443/callback", // scheme
        "myapp://app.example:8443/callback", // custom scheme
        "https://app.example:8443/callback/extra", // deeper path
    ])
    func redirectToAnotherURIIsNoPendingLogin(base: String) {
        #expect(error(redirect("code=abc&state=\(state)", base: base)) == .noPendingLogin)
    }

    @Test func missingStateIsRefused() {
        #expect(error(redirect("code=abc")) == .missingState)
        #expect(error(redirect("code=abc&state=")) == .missingState)
        #expect(error(redirect("error=access_denied")) == .missingState, "an error without state proves nothing")
    }

    @Test func wrongStateWithCodeIsStateMismatch() {
        // LINE's failed auto login comes back with an invalid code and a mismatched state, exactly like
        // this: the code must never be returned.
        #expect(error(redirect("code=abc&state=\(state.dropLast())x")) == .stateMismatch)
        #expect(error(redirect("code=abc&state=other")) == .stateMismatch)
        #expect(error(redirect("code=abc&state=\(state)A")) == .stateMismatch)
    }

    @Test func wrongStateWithErrorIsStillStateMismatch() {
        #expect(error(redirect("error=ACCESS_DENIED&error_description=cancelled&state=forged")) == .stateMismatch)
        #expect(error(redirect("error=server_error&state=forged")) == .stateMismatch)
    }

    @Test func upperCaseAccessDeniedIsUserCancellation() throws {
        let denied = try #require(error(redirect("error=ACCESS_DENIED&error_description=The%20user%20has%20denied&state=\(state)")))
        #expect(denied == .providerError(code: "ACCESS_DENIED", description: "The user has denied"))
        #expect(denied.isAccessDenied)
        #expect(self.error(redirect("error=access_denied&state=\(state)"))?.isAccessDenied == true)
        // Any other provider error is not a cancellation.
        let other = try #require(self.error(redirect("error=INTERACTION_REQUIRED&state=\(state)")))
        #expect(other == .providerError(code: "INTERACTION_REQUIRED", description: nil))
        #expect(!other.isAccessDenied)
        // An error wins over a code that came with it.
        #expect(
            self.error(redirect("code=abc&error=server_error&state=\(state)")) == .providerError(code: "server_error", description: nil))
    }

    /// LINE's spellings, as the emulator now sends them (its RedirectErrorCode cites the evidence): upper-case
    /// `INVALID_REQUEST` with LINE's words for a missing state, lower-case `access_denied` for a cancel. The
    /// code is kept as sent; what it means is matched without regard to case.
    @Test func linesSpellingsKeepTheirCaseAndMatchAnyCase() throws {
        let invalid = try #require(
            error(redirect("error=INVALID_REQUEST&error_description=%27state%27%20is%20not%20specified.&state=\(state)")))
        #expect(invalid == .providerError(code: "INVALID_REQUEST", description: "'state' is not specified."))
        #expect(!invalid.isAccessDenied)
        for spelling in ["access_denied", "ACCESS_DENIED", "Access_Denied"] {
            #expect(error(redirect("error=\(spelling)&state=\(state)"))?.isAccessDenied == true, "\(spelling)")
        }
        for spelling in ["INVALID_REQUEST", "invalid_request", "Invalid_Request"] {
            #expect(ServerError(statusCode: 400, code: spelling).hasCode("invalid_request"), "\(spelling)")
            #expect(ServerError(statusCode: 400, code: spelling).hasCode("INVALID_REQUEST"), "\(spelling)")
        }
        #expect(!ServerError(statusCode: 400, code: "invalid_requests").hasCode("invalid_request"))
        #expect(!ServerError(statusCode: 400, code: nil).hasCode("invalid_request"))
    }

    /// The redirect's query is form-encoded: providers send spaces as `+` (LINE's own `error_description` among
    /// them), and a literal `+` arrives as `%2B`.
    @Test func plusInTheQueryIsASpace() throws {
        let invalid = try #require(
            error(redirect("error=INVALID_REQUEST&error_description=%27state%27+is+not+specified.&state=\(state)")))
        #expect(invalid == .providerError(code: "INVALID_REQUEST", description: "'state' is not specified."))
        let response = try outcome(redirect("code=a%2Bb+c&state=\(state)&note=x+y%2Bz")).get()
        #expect(response.code == "a+b c")
        #expect(response.parameters["note"] == "x y+z")
        // A state holding `+` (a restored request from another client) matches only when the `+` came as `%2B`.
        let restored = AuthorizationRequest(
            restoringEndpoint: CoreFixtures.authorizationEndpoint, clientID: CoreFixtures.clientID,
            redirectURI: URL(string: "https://app.example:8443/callback")!, scopes: ["openid"], state: "s+t/u=",
            nonce: nil, codeVerifier: nil)
        func check(_ query: String) -> AuthorizationError? {
            do throws(AuthorizationError) {
                _ = try AuthorizationResponse(url: redirect(query), request: restored, issuer: nil)
                return nil
            } catch { return error }
        }
        #expect(check("code=abc&state=s%2Bt%2Fu%3D") == nil)
        #expect(check("code=abc&state=s+t%2Fu%3D") == .stateMismatch, "a `+` is a space, not the state's `+`")
    }

    @Test func issuerParameterMustMatch() {
        #expect(error(redirect("code=abc&state=\(state)&iss=https%3A%2F%2Fevil.example")) == .issuerMismatch)
        #expect(error(redirect("code=abc&state=\(state)&iss=https%3A%2F%2Fissuer.example%2F")) == .issuerMismatch)
        #expect(error(redirect("code=abc&state=\(state)&iss=https%3A%2F%2Fissuer.example")) == nil)
        // LINE sends no iss: fine.
        #expect(error(redirect("code=abc&state=\(state)")) == nil)
    }

    @Test func issuerMismatchOnAnErrorResponseIsReportedAsMixUp() {
        // RFC 9207 §2.4: an error response from the wrong issuer must be rejected too (not shown as that
        // provider's error); the checklist: "If iss is present it must equal the issuer".
        let url = redirect("error=access_denied&state=\(state)&iss=https%3A%2F%2Fevil.example")
        #expect(error(url) == .issuerMismatch)
    }

    @Test func repeatedParametersAreMalformed() {
        #expect(error(redirect("code=abc&state=\(state)&state=\(state)")) == .malformedRedirect)
        #expect(error(redirect("code=abc&state=other&state=\(state)")) == .malformedRedirect)
        #expect(error(redirect("code=abc&code=def&state=\(state)")) == .malformedRedirect)
        #expect(error(redirect("code=abc&state=\(state)&error=a&error=b")) == .malformedRedirect)
    }

    @Test func missingCodeIsRefused() {
        #expect(error(redirect("state=\(state)")) == .missingCode)
        #expect(error(redirect("state=\(state)&code=")) == .missingCode)
    }

    @Test func descriptionHidesTheCode() throws {
        let response = try outcome(redirect("code=secret-code-123&state=\(state)")).get()
        for text in [String(describing: response), String(reflecting: response), "\(response)"] {
            #expect(!text.contains("secret-code-123"))
            #expect(!text.contains(state))
        }
    }
}
