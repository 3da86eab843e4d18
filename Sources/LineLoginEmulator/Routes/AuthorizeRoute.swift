#if Emulator
import Foundation
import Hummingbird
import Logging

/// `GET /oauth2/v2.1/authorize`: validates the request, then signs the user in as ``SignInPolicy``
/// decides: the login page, "continue as", or auto login from the browser's SSO session.
struct AuthorizeRoute: Sendable {
    let store: EmulatorStore
    let logger: Logger

    func handle(_ request: Request) -> Response {
        let validation = AuthorizeParameters.validate(
            query: request.uri.query ?? "",
            channels: store.channel(id:),
            userAgent: request.headers[.userAgent]
        )
        switch validation {
        case .failure(let refusal):
            return Self.response(to: refusal)
        case .success(let accepted):
            return proceed(with: accepted, cookie: SSOCookie.value(in: request))
        }
    }

    private func proceed(with accepted: AuthorizeParameters.Accepted, cookie: String?) -> Response {
        let authorization = accepted.request
        if let autoApproveID = store.autoApproveUserID {
            if let user = store.user(id: autoApproveID) {
                return RouteSupport.redirectCode(
                    store: store,
                    request: authorization,
                    userID: user.userID,
                    authTime: store.now(),
                    friendshipStatusChanged: nil,
                    amr: ["pwd"]
                )
            }
            logger.warning("auto-approve user is not configured; showing the login page")
        }
        let identification = SignInPolicy.identify(
            request: authorization,
            prompts: accepted.prompts,
            session: store.browserSession(cookie: cookie),
            now: store.now()
        )
        switch identification {
        case .refuse(let error, let description):
            return Self.response(
                to: .redirect(redirectURI: authorization.redirectURI, error: error, description: description, state: authorization.state)
            )
        case .signIn:
            let sessionID = store.createSession(authorization)
            let users = store.currentConfiguration().users
            if authorization.startsWithQRCode {
                return Reply.html(QRLoginPage.render(sessionID: sessionID, users: users, request: authorization))
            }
            return Reply.html(LoginPage.render(sessionID: sessionID, channel: accepted.channel, users: users, request: authorization))
        case .continueAs(let browserSession):
            guard let user = store.user(id: browserSession.userID) else { return SignInFlow.sessionExpired }
            var pending = PendingAuthorization(request: authorization, createdAt: store.now())
            pending.browserSession = browserSession
            let sessionID = store.createSession(pending)
            return Reply.html(ContinueAsPage.render(sessionID: sessionID, user: user, request: authorization))
        case .autoLogin(let browserSession):
            if store.autoLoginFails(for: accepted.channel) {
                return RouteSupport.autoLoginFailure(redirectURI: authorization.redirectURI)
            }
            if accepted.prompts.contains("none") {
                return answerWithoutPages(accepted, browserSession: browserSession)
            }
            let sessionID = store.createSession(authorization)
            return SignInFlow(store: store).signedIn(
                sessionID: sessionID,
                userID: browserSession.userID,
                amr: ["lineautologin"],
                startsBrowserSession: false,
                authTime: browserSession.authTime
            )
        }
    }

    /// `prompt=none` with a usable SSO session: the code when no screen is due, `consent_required` when
    /// consent is; an add-friend screen is skipped, as it can't be shown (and so nothing is said of it).
    private func answerWithoutPages(_ accepted: AuthorizeParameters.Accepted, browserSession: BrowserSession) -> Response {
        let authorization = accepted.request
        let step = SignInPolicy.next(
            request: authorization,
            consented: false,
            granted: store.hasGranted(authorization.scopes, channelID: accepted.channel.channelID, userID: browserSession.userID),
            botLinked: accepted.channel.botName != nil,
            isFriend: store.isFriend(userID: browserSession.userID)
        )
        if case .consent = step {
            return Self.response(
                to: .redirect(
                    redirectURI: authorization.redirectURI, error: RedirectErrorCode.consentRequired,
                    description: "the user has not granted the requested scopes", state: authorization.state)
            )
        }
        return RouteSupport.redirectCode(
            store: store,
            request: authorization,
            userID: browserSession.userID,
            authTime: browserSession.authTime,
            friendshipStatusChanged: nil,
            amr: ["lineautologin"]
        )
    }

    private static func response(to refusal: AuthorizeRefusal) -> Response {
        switch refusal {
        case .errorPage(let message):
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: message)
        case .redirect(let redirectURI, let error, let description, let state):
            return RouteSupport.redirectError(redirectURI: redirectURI, error: error, description: description, state: state)
        }
    }
}
#endif
