#if Emulator
import Foundation
import Testing

@testable import LineLoginEmulator

/// `AuthorizeParameters.validate` alone: every refusal, in LINE's order, and the accepted request,
/// with no server in between.
@Suite("Authorize parameters")
struct AuthorizeParametersTests {
    static let redirectURI = "https://app.example/callback"
    static let channel = EmulatorChannel(
        channelID: "1234567890",
        channelSecret: "secret",
        callbackURLs: [redirectURI],
        allowedScopes: ["profile", "openid"]
    )
    /// RFC 7636's example S256 challenge: 43 characters, 32 bytes.
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    static let valid: [(String, String)] = [
        ("response_type", "code"), ("client_id", channel.channelID), ("redirect_uri", redirectURI),
        ("state", "abc-123"), ("scope", "profile openid"),
    ]

    static func validate(_ items: [(String, String)]) -> Result<AuthorizeParameters.Accepted, AuthorizeRefusal> {
        validate(query: FormEncoding.query(items))
    }

    static func validate(query: String) -> Result<AuthorizeParameters.Accepted, AuthorizeRefusal> {
        AuthorizeParameters.validate(query: query) { $0 == channel.channelID ? channel : nil }
    }

    /// `valid` with `name` replaced by `value`, or dropped when `value` is `nil`.
    static func valid(setting name: String, to value: String?) -> [(String, String)] {
        var items = valid.filter { $0.0 != name }
        if let value { items.append((name, value)) }
        return items
    }

    static func refusal(_ result: Result<AuthorizeParameters.Accepted, AuthorizeRefusal>) -> AuthorizeRefusal? {
        if case .failure(let refusal) = result { return refusal }
        return nil
    }

    // MARK: Accepted

    @Test func acceptsAFullRequest() throws {
        let result = Self.validate(
            Self.valid(setting: "scope", to: "openid profile openid") + [
                ("nonce", "n-1"), ("code_challenge", Self.challenge), ("code_challenge_method", "S256"),
                ("prompt", "consent login"), ("max_age", "0"), ("bot_prompt", "aggressive"), ("ui_locales", "fr ja-JP en"),
                ("initial_amr_display", "lineqr"), ("switch_amr", "false"), ("disable_auto_login", "true"),
            ])
        let accepted = try result.get()
        #expect(accepted.channel == Self.channel)
        #expect(accepted.prompts == ["consent", "login"])
        #expect(
            accepted.request
                == AuthorizationRequest(
                    channelID: Self.channel.channelID,
                    redirectURI: Self.redirectURI,
                    state: "abc-123",
                    scopes: ["openid", "profile"],
                    nonce: "n-1",
                    codeChallenge: Self.challenge,
                    botPrompt: .aggressive,
                    maxAge: 0,
                    locale: .japanese,
                    startsWithQRCode: true,
                    hidesMethodSwitch: true,
                    autoLoginDisabled: true,
                    consentPrompted: true
                )
        )
    }

    @Test func acceptsTheLeastRequest() throws {
        let accepted = try Self.validate(Self.valid).get()
        #expect(accepted.prompts.isEmpty)
        #expect(accepted.request.nonce == nil)
        #expect(accepted.request.codeChallenge == nil)
        #expect(accepted.request.botPrompt == nil)
        #expect(accepted.request.maxAge == nil)
    }

    // MARK: Error page: nothing may be redirected

    @Test func malformedQueryGetsTheErrorPage() {
        #expect(Self.refusal(Self.validate(query: "client_id=%zz")) == .errorPage(message: "The request is malformed."))
    }

    static let badClientIDs: [(String, [(String, String)])] = [
        ("missing", valid(setting: "client_id", to: nil)),
        ("empty", valid(setting: "client_id", to: "")),
        ("unknown", valid(setting: "client_id", to: "999")),
        ("duplicated", valid + [("client_id", channel.channelID)]),
    ]

    @Test(arguments: AuthorizeParametersTests.badClientIDs)
    func badClientIDGetsTheErrorPage(_ label: String, _ items: [(String, String)]) {
        #expect(Self.refusal(Self.validate(items)) == .errorPage(message: "Invalid client_id."), "\(label)")
    }

    static let badRedirectURIs: [(String, [(String, String)])] = [
        ("missing", valid(setting: "redirect_uri", to: nil)),
        ("empty", valid(setting: "redirect_uri", to: "")),
        ("unregistered", valid(setting: "redirect_uri", to: "https://evil.example/callback")),
        ("duplicated", valid + [("redirect_uri", redirectURI)]),
    ]

    @Test(arguments: AuthorizeParametersTests.badRedirectURIs)
    func badRedirectURIGetsTheErrorPage(_ label: String, _ items: [(String, String)]) {
        let message = "Invalid redirect_uri: it does not match a callback URL registered for this channel."
        #expect(Self.refusal(Self.validate(items)) == .errorPage(message: message), "\(label)")
    }

    @Test func clientIDIsCheckedBeforeRedirectURI() {
        let items = Self.valid(setting: "client_id", to: "999").filter { $0.0 != "redirect_uri" }
        #expect(Self.refusal(Self.validate(items)) == .errorPage(message: "Invalid client_id."))
    }

    // MARK: Redirected errors

    /// One redirected refusal: the query, then LINE's error code and description.
    struct RedirectCase: Sendable, CustomTestStringConvertible {
        var items: [(String, String)]
        var error: String
        var description: String
        var state: String? = "abc-123"
        var testDescription: String { description }
    }

    static let redirectCases: [RedirectCase] = [
        RedirectCase(items: valid + [("scope", "profile")], error: "INVALID_REQUEST", description: "duplicated parameter: scope"),
        RedirectCase(
            items: valid + [("state", "b"), ("nonce", "1"), ("nonce", "2")], error: "INVALID_REQUEST",
            description: "duplicated parameter: nonce"),
        RedirectCase(
            items: valid(setting: "response_type", to: nil), error: "INVALID_REQUEST",
            description: "response_type is required"),
        RedirectCase(
            items: valid(setting: "response_type", to: "token"), error: "unsupported_response_type",
            description: "response_type must be code"),
        RedirectCase(
            items: valid(setting: "state", to: nil), error: "INVALID_REQUEST", description: "'state' is not specified.",
            state: nil),
        RedirectCase(
            items: valid(setting: "state", to: ""), error: "INVALID_REQUEST", description: "'state' is not specified.",
            state: nil),
        RedirectCase(
            items: valid(setting: "state", to: "a b"), error: "INVALID_REQUEST",
            description: "state must use unreserved characters only", state: "a b"),
        RedirectCase(items: valid(setting: "scope", to: nil), error: "invalid_scope", description: "scope is required"),
        RedirectCase(items: valid(setting: "scope", to: " "), error: "invalid_scope", description: "scope is required"),
        RedirectCase(
            items: valid(setting: "scope", to: "profile friends"), error: "invalid_scope",
            description: "scope not allowed for this channel: friends"),
        RedirectCase(
            items: valid(setting: "scope", to: "profile frends"), error: "invalid_scope",
            description: "unknown scope: frends"),
        RedirectCase(
            items: valid(setting: "scope", to: "email"), error: "invalid_scope",
            description: "scope must include profile or openid"),
        RedirectCase(
            items: valid(setting: "scope", to: "profile email"), error: "invalid_scope",
            description: "the email scope requires openid"),
        RedirectCase(
            items: valid(setting: "scope", to: "openid email"), error: "invalid_scope",
            description: "scope not allowed for this channel: email"),
        RedirectCase(
            items: valid + [("code_challenge", challenge), ("code_challenge_method", "plain")],
            error: "INVALID_REQUEST", description: "code_challenge_method must be S256"),
        RedirectCase(
            items: valid + [("code_challenge", challenge)], error: "INVALID_REQUEST",
            description: "code_challenge_method=S256 is required with code_challenge"),
        RedirectCase(
            items: valid + [("code_challenge", "short"), ("code_challenge_method", "S256")],
            error: "INVALID_REQUEST", description: "malformed code_challenge"),
        RedirectCase(
            items: valid + [("code_challenge", String(repeating: "*", count: 43)), ("code_challenge_method", "S256")],
            error: "INVALID_REQUEST", description: "malformed code_challenge"),
        RedirectCase(
            items: valid + [("code_challenge_method", "S256")], error: "INVALID_REQUEST",
            description: "code_challenge is required with code_challenge_method"),
        RedirectCase(
            items: valid + [("prompt", "consent select_account")], error: "INVALID_REQUEST",
            description: "unsupported prompt: select_account"),
        RedirectCase(items: valid + [("max_age", "-1")], error: "INVALID_REQUEST", description: "max_age must be a number"),
        RedirectCase(items: valid + [("max_age", "soon")], error: "INVALID_REQUEST", description: "max_age must be a number"),
        RedirectCase(
            items: valid + [("bot_prompt", "loud")], error: "INVALID_REQUEST",
            description: "bot_prompt must be normal or aggressive"),
    ]

    /// LINE's other permissions are granted to a channel configured with them.
    @Test func aChannelConfiguredWithMorePermissionsGrantsThem() throws {
        var channel = Self.channel
        channel.allowedScopes = ["profile", "openid", "friends", "message.write"]
        let query = FormEncoding.query(Self.valid(setting: "scope", to: "profile friends message.write"))
        let result = AuthorizeParameters.validate(query: query) { $0 == channel.channelID ? channel : nil }
        guard case .success(let accepted) = result else {
            Issue.record("refused: \(result)")
            return
        }
        #expect(accepted.request.scopes == ["profile", "friends", "message.write"])
    }

    @Test(arguments: AuthorizeParametersTests.redirectCases)
    func refusalIsRedirected(_ testCase: RedirectCase) {
        let expected = AuthorizeRefusal.redirect(
            redirectURI: Self.redirectURI,
            error: testCase.error,
            description: testCase.description,
            state: testCase.state
        )
        #expect(Self.refusal(Self.validate(testCase.items)) == expected)
    }

    @Test func checksRunInLINEsOrder() {
        // Wrong response_type, scope and PKCE at once: the response_type is reported.
        var items = Self.valid(setting: "response_type", to: "token")
        items = items.filter { $0.0 != "scope" } + [("scope", "friends"), ("code_challenge_method", "plain")]
        #expect(
            Self.refusal(Self.validate(items))
                == .redirect(
                    redirectURI: Self.redirectURI, error: "unsupported_response_type",
                    description: "response_type must be code", state: "abc-123")
        )
    }
}
#endif
