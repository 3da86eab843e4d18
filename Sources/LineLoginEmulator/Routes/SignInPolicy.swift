#if Emulator
import Foundation

/// The sign-in decisions of the authorize endpoint, as pure functions of the request, the browser's SSO
/// session and what the user granted before, so each rule is tested without a server.
///
/// LINE documents the parameters (`prompt`, `max_age`, `disable_auto_login`, `bot_prompt`) but not the
/// screens' order; where it is silent this follows what LINE's SDK expects: an SSO session signs in
/// silently (`amr` `lineautologin`) unless auto login is off, which asks "continue as" (`linesso`).
enum SignInPolicy {
    /// How the authorize endpoint identifies the user.
    enum Identification: Equatable {
        /// The email page, or the QR page with `initial_amr_display=lineqr`.
        case signIn
        /// The SSO session's "continue as" screen.
        case continueAs(BrowserSession)
        /// The SSO session's user, without a page.
        case autoLogin(BrowserSession)
        /// `prompt=none` could not be answered without a page: LINE's error code and a description.
        case refuse(error: String, description: String)
    }

    /// What follows once the user is known.
    enum NextStep: Equatable {
        /// The consent screen; with the official account to offer in a checkbox, if any.
        case consent(offerFriendship: Bool)
        /// `bot_prompt=aggressive`'s add-friend screen.
        case addFriend
        /// The authorization code, back to the client.
        case redirect
    }

    /// How to identify the user, given the browser's SSO `session` (unexpired, or `nil`).
    static func identify(
        request: AuthorizationRequest,
        prompts: [String],
        session: BrowserSession?,
        now: Date
    ) -> Identification {
        let promptNone = prompts.contains("none")
        guard !prompts.contains("login"), let session else {
            return promptNone ? .refuse(error: RedirectErrorCode.loginRequired, description: "the user is not logged in") : .signIn
        }
        // max_age bounds the time since the user last proved who they are, not the session's age.
        if let maxAge = request.maxAge, now.timeIntervalSince(session.authTime) > TimeInterval(maxAge) {
            return promptNone
                ? .refuse(error: RedirectErrorCode.loginRequired, description: "the login is older than max_age") : .signIn
        }
        if request.autoLoginDisabled {
            return promptNone
                ? .refuse(error: RedirectErrorCode.interactionRequired, description: "auto login is disabled") : .continueAs(session)
        }
        return .autoLogin(session)
    }

    /// The step after sign-in, or after the consent screen when `consented` (then only the add-friend
    /// screen of `bot_prompt=aggressive` can remain).
    ///
    /// - Parameters:
    ///   - granted: whether the user granted every requested scope before.
    ///   - botLinked: whether the channel has an official account to offer.
    ///   - isFriend: whether the user is its friend already (then nothing is offered).
    static func next(
        request: AuthorizationRequest,
        consented: Bool,
        granted: Bool,
        botLinked: Bool,
        isFriend: Bool
    ) -> NextStep {
        let offers = botLinked && !isFriend
        if !consented {
            let offerInConsent = offers && request.botPrompt == .normal
            if request.consentPrompted || !granted || offerInConsent {
                return .consent(offerFriendship: offerInConsent)
            }
        }
        return offers && request.botPrompt == .aggressive ? .addFriend : .redirect
    }
}
#endif
