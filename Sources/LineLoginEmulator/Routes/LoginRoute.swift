#if Emulator
import Foundation
import Hummingbird

/// `POST /oauth2/v2.1/login`: the sign-in pages' actions: the password (then the second factor when the
/// user has one), the switch between the email and QR pages, "continue as", and cancel.
struct LoginRoute: Sendable {
    let store: EmulatorStore

    func handle(_ request: Request) async -> Response {
        let params: FormParameters
        switch await RequestBodyReader.form(from: request) {
        case .success(let form): params = form
        case .failure(let failure): return failure.pageResponse
        }
        guard let sessionID = params.nonEmpty("session"), let session = store.session(sessionID),
            let channel = store.channel(id: session.request.channelID)
        else {
            return SignInFlow.sessionExpired
        }
        let authorization = session.request
        let flow = SignInFlow(store: store)
        switch params["action"] ?? "login" {
        case "cancel":
            guard let taken = store.takeSession(sessionID) else { return SignInFlow.sessionExpired }
            return RouteSupport.redirectError(
                redirectURI: taken.request.redirectURI,
                error: RedirectErrorCode.accessDenied,
                description: RedirectErrorCode.accessDeniedDescription,
                state: taken.request.state
            )
        case "login":
            let email = params["email"] ?? ""
            guard let user = store.user(login: email, password: params["password"] ?? "") else {
                return Reply.html(
                    LoginPage.render(
                        sessionID: sessionID,
                        channel: channel,
                        users: store.currentConfiguration().users,
                        request: authorization,
                        email: email,
                        errorMessage: PageText.of(authorization.locale).wrongPassword
                    )
                )
            }
            return passwordAccepted(user, sessionID: sessionID, request: authorization, flow: flow)
        case LoginPage.pickAction:
            // The test-user picker: the page posts the user, the password is the server's to know.
            guard let userID = params.nonEmpty(LoginPage.pickField), let user = store.user(id: userID) else { return Self.invalid }
            return passwordAccepted(user, sessionID: sessionID, request: authorization, flow: flow)
        case "verify-code":
            guard session.secondFactorUserID != nil else { return Self.invalid }
            // The guess is counted before the code is checked, in one step under the store's lock: a count
            // read here and written back after the check would let parallel requests all see the same
            // count and all be checked.
            guard let guess = store.spendSecondFactorGuess(sessionID) else {
                // The session expired meanwhile, or no guess is left: a parallel request spent the last one,
                // and the attempt ends with it.
                return store.session(sessionID) == nil ? SignInFlow.sessionExpired : Self.noGuessLeft
            }
            await store.pauseBeforeSecondFactorCheck()
            guard store.secondFactorMatches(userID: guess.userID, code: params["code"] ?? "") else {
                guard guess.number < StoreLimits.secondFactorAttempts else {
                    // The attempt ends: the session is gone, and the app hears that the server refused.
                    guard let taken = store.takeSession(sessionID) else { return SignInFlow.sessionExpired }
                    return RouteSupport.redirectError(
                        redirectURI: taken.request.redirectURI, error: RedirectErrorCode.accessDenied,
                        description: "too many wrong verification codes", state: taken.request.state)
                }
                return Reply.html(
                    SecondFactorPage.render(
                        sessionID: sessionID,
                        request: authorization,
                        errorMessage: PageText.of(authorization.locale).wrongCode
                    )
                )
            }
            return flow.signedIn(sessionID: sessionID, userID: guess.userID, amr: ["pwd", "mfa"], startsBrowserSession: true)
        case "show-qr" where !authorization.hidesMethodSwitch:
            return Reply.html(QRLoginPage.render(sessionID: sessionID, users: store.currentConfiguration().users, request: authorization))
        case "show-password" where !authorization.hidesMethodSwitch, "other-account":
            store.updateSession(sessionID) { $0.browserSession = nil }
            return Reply.html(
                LoginPage.render(sessionID: sessionID, channel: channel, users: store.currentConfiguration().users, request: authorization)
            )
        case "continue":
            guard let browserSession = session.browserSession else { return Self.invalid }
            return flow.signedIn(
                sessionID: sessionID,
                userID: browserSession.userID,
                amr: ["linesso"],
                startsBrowserSession: false,
                authTime: browserSession.authTime
            )
        default:
            return Self.invalid
        }
    }

    /// After a right password (or a picked test user): the second-factor page for a user who has one,
    /// otherwise signed in.
    private func passwordAccepted(_ user: EmulatorUser, sessionID: String, request: AuthorizationRequest, flow: SignInFlow) -> Response {
        if user.secondFactorCode != nil {
            // The count of wrong codes stays with the attempt: signing in again must not earn new guesses.
            store.updateSession(sessionID) { $0.secondFactorUserID = user.userID }
            return Reply.html(SecondFactorPage.render(sessionID: sessionID, request: request))
        }
        return flow.signedIn(sessionID: sessionID, userID: user.userID, amr: ["pwd"], startsBrowserSession: true)
    }

    /// A code sent after the attempt's last guess was spent (by a request sent in parallel): not checked.
    private static var noGuessLeft: Response {
        RouteSupport.errorPage(
            .badRequest, title: "Too many verification codes",
            message: "This sign-in attempt has used all its verification codes. Start the sign-in again from the app.")
    }

    private static var invalid: Response {
        RouteSupport.errorPage(.badRequest, title: "Invalid request", message: "Unknown action.")
    }
}
#endif
