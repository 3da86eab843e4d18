import Foundation
import Hummingbird

/// `POST /oauth2/v2.1/consent`: issues the code or reports the cancellation to the client.
struct ConsentRoute: Sendable {
    let store: EmulatorStore

    func handle(_ request: Request) async -> Response {
        let params: FormParameters
        switch await RequestBodyReader.form(from: request) {
        case .success(let form): params = form
        case .failure(let failure): return failure.pageResponse
        }
        let action = params["action"]
        guard let sessionID = params.nonEmpty("session"), let session = store.session(sessionID) else {
            return RouteSupport.errorPage(
                .badRequest,
                title: "Session expired",
                message: "This login session is unknown or has expired."
            )
        }
        guard session.userID != nil, action == "allow" || action == "cancel" else {
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: "Log in and choose Allow or Cancel.")
        }
        // Taking the session makes a double submit harmless: the second one finds nothing.
        guard let taken = store.takeSession(sessionID), let userID = taken.userID else {
            return RouteSupport.errorPage(.badRequest, title: "Session expired", message: "This login session has ended.")
        }
        if action == "cancel" {
            return RouteSupport.redirectError(
                redirectURI: taken.request.redirectURI,
                error: "access_denied",
                description: "The user has denied the request",
                state: taken.request.state
            )
        }
        var friendshipChanged = false
        if taken.request.botPrompt, store.channel(id: taken.request.channelID)?.botName != nil,
            params["add_friend"] == "on"
        {
            friendshipChanged = store.addFriend(userID: userID)
        }
        return RouteSupport.redirectCode(
            store: store,
            request: taken.request,
            userID: userID,
            authTime: taken.authTime ?? store.now(),
            friendshipChanged: friendshipChanged
        )
    }
}
