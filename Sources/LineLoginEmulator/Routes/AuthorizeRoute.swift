import Foundation
import Hummingbird
import Logging

/// `GET /oauth2/v2.1/authorize`: validates the request and shows the login page.
struct AuthorizeRoute: Sendable {
    let store: EmulatorStore
    let logger: Logger

    func handle(_ request: Request) -> Response {
        switch AuthorizeParameters.validate(query: request.uri.query ?? "", channels: store.channel(id:)) {
        case .failure(let refusal):
            return Self.response(to: refusal)
        case .success(let accepted):
            return proceed(with: accepted)
        }
    }

    /// Auto-approval when set, else `prompt=none`'s refusal, else the login page.
    private func proceed(with accepted: AuthorizeParameters.Accepted) -> Response {
        let authorization = accepted.request
        if let autoApproveID = store.autoApproveUserID {
            if let user = store.user(id: autoApproveID) {
                return RouteSupport.redirectCode(
                    store: store,
                    request: authorization,
                    userID: user.userID,
                    authTime: store.now(),
                    friendshipChanged: false
                )
            }
            logger.warning("auto-approve user is not configured; showing the login page")
        }
        if accepted.prompts.contains("none") {
            // The emulator keeps no login session across authorizations, so no user is ever signed in.
            return Self.response(
                to: .redirect(
                    redirectURI: authorization.redirectURI,
                    error: "login_required",
                    description: "the user is not logged in",
                    state: authorization.state
                )
            )
        }
        let sessionID = store.createSession(authorization)
        return Reply.html(
            LoginPage.render(sessionID: sessionID, channel: accepted.channel, users: store.currentConfiguration().users)
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
