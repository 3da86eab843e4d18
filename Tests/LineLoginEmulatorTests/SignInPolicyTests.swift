#if Emulator
import Foundation
import Testing

@testable import LineLoginEmulator

/// The sign-in decisions, one rule per test, without a server.
struct SignInPolicyTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let session = BrowserSession(userID: "U1", authTime: now - 600, expiresAt: now + 3_600)

    static func request(_ change: (inout AuthorizationRequest) -> Void = { _ in }) -> AuthorizationRequest {
        var request = AuthorizationRequest(
            channelID: "1234567890", redirectURI: "https://app.example/cb", state: "s", scopes: ["profile"],
            nonce: nil, codeChallenge: nil, botPrompt: nil, maxAge: nil
        )
        change(&request)
        return request
    }

    static func identify(_ request: AuthorizationRequest = request(), prompts: [String] = [], session: BrowserSession? = session)
        -> SignInPolicy.Identification
    {
        SignInPolicy.identify(request: request, prompts: prompts, session: session, now: now)
    }

    @Test func withoutASessionTheUserSignsIn() {
        #expect(Self.identify(session: nil) == .signIn)
        #expect(
            Self.identify(prompts: ["none"], session: nil) == .refuse(error: "login_required", description: "the user is not logged in"))
    }

    @Test func aSessionSignsInSilently() {
        #expect(Self.identify() == .autoLogin(Self.session))
        #expect(Self.identify(prompts: ["none"]) == .autoLogin(Self.session))
        #expect(Self.identify(prompts: ["consent"]) == .autoLogin(Self.session))
    }

    @Test func promptLoginAsksAgain() {
        #expect(Self.identify(prompts: ["login"]) == .signIn)
        #expect(Self.identify(prompts: ["consent", "login"]) == .signIn)
    }

    @Test func maxAgeBoundsTheTimeSinceTheUserSignedIn() {
        #expect(Self.identify(Self.request { $0.maxAge = 600 }) == .autoLogin(Self.session))
        #expect(Self.identify(Self.request { $0.maxAge = 599 }) == .signIn)
        #expect(Self.identify(Self.request { $0.maxAge = 0 }) == .signIn)
        guard case .refuse(let error, _) = Self.identify(Self.request { $0.maxAge = 1 }, prompts: ["none"]) else {
            Issue.record("prompt=none past max_age must refuse")
            return
        }
        #expect(error == "login_required")
    }

    @Test func autoLoginOffAsksContinueAs() {
        let request = Self.request { $0.autoLoginDisabled = true }
        #expect(Self.identify(request) == .continueAs(Self.session))
        guard case .refuse(let error, _) = Self.identify(request, prompts: ["none"]) else {
            Issue.record("prompt=none with auto login off must refuse")
            return
        }
        #expect(error == "interaction_required")
    }

    static func next(
        _ request: AuthorizationRequest = request(),
        consented: Bool = false,
        granted: Bool = true,
        botLinked: Bool = true,
        isFriend: Bool = false
    ) -> SignInPolicy.NextStep {
        SignInPolicy.next(request: request, consented: consented, granted: granted, botLinked: botLinked, isFriend: isFriend)
    }

    @Test func consentIsAskedOncePerScope() {
        #expect(Self.next(granted: false) == .consent(offerFriendship: false))
        #expect(Self.next(granted: true) == .redirect)
        #expect(Self.next(Self.request { $0.consentPrompted = true }) == .consent(offerFriendship: false))
        #expect(Self.next(Self.request { $0.consentPrompted = true }, consented: true) == .redirect)
    }

    @Test func botPromptNormalOffersTheAccountOnTheConsentScreen() {
        let normal = Self.request { $0.botPrompt = .normal }
        #expect(Self.next(normal) == .consent(offerFriendship: true), "shown even when the scopes were granted before")
        #expect(Self.next(normal, consented: true) == .redirect)
        #expect(Self.next(normal, isFriend: true) == .redirect, "a friend is not offered")
        #expect(Self.next(normal, granted: false, isFriend: true) == .consent(offerFriendship: false))
        #expect(Self.next(normal, botLinked: false) == .redirect, "nothing to offer")
    }

    @Test func botPromptAggressiveOffersTheAccountOnAScreenOfItsOwn() {
        let aggressive = Self.request { $0.botPrompt = .aggressive }
        #expect(Self.next(aggressive, granted: false) == .consent(offerFriendship: false))
        #expect(Self.next(aggressive, consented: true) == .addFriend)
        #expect(Self.next(aggressive) == .addFriend)
        #expect(Self.next(aggressive, isFriend: true) == .redirect)
        #expect(Self.next(aggressive, botLinked: false) == .redirect)
    }

    @Test func localesFollowUILocales() {
        #expect(PageLocale.preferred(in: nil) == .english)
        #expect(PageLocale.preferred(in: "ja") == .japanese)
        #expect(PageLocale.preferred(in: "fr-FR ja-JP en") == .japanese)
        #expect(PageLocale.preferred(in: "EN-us ja") == .english)
        #expect(PageLocale.preferred(in: "zh-TW") == .english)
    }

    @Test func iOSFlowsAreToldApart() {
        #expect(AuthorizeParameters.isIOS(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"))
        #expect(!AuthorizeParameters.isIOS(userAgent: "Mozilla/5.0 (X11; Linux x86_64)"))
        #expect(!AuthorizeParameters.isIOS(userAgent: nil))
    }
}
#endif
