import Foundation
import Hummingbird

/// `POST /oauth2/v2.1/login`: checks the password, then shows the consent page.
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
            return RouteSupport.errorPage(
                .badRequest,
                title: "Session expired",
                message: "This login session is unknown or has expired."
            )
        }
        switch params["action"] ?? "login" {
        case "cancel":
            guard let taken = store.takeSession(sessionID) else {
                return RouteSupport.errorPage(.badRequest, title: "Session expired", message: "This login session has ended.")
            }
            return RouteSupport.redirectError(
                redirectURI: taken.request.redirectURI,
                error: "access_denied",
                description: "The user has denied the request",
                state: taken.request.state
            )
        case "login":
            let email = params["email"] ?? ""
            guard let user = store.user(login: email, password: params["password"] ?? ""),
                let authenticated = store.authenticateSession(sessionID, userID: user.userID)
            else {
                return Reply.html(
                    LoginPage.render(
                        sessionID: sessionID,
                        channel: channel,
                        users: store.currentConfiguration().users,
                        email: email,
                        errorMessage: "The email address or password is incorrect."
                    )
                )
            }
            return Reply.html(
                ConsentPage.render(
                    sessionID: sessionID,
                    channel: channel,
                    user: user,
                    scopes: authenticated.request.scopes,
                    offerFriendship: authenticated.request.botPrompt
                )
            )
        default:
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: "Unknown action.")
        }
    }
}
