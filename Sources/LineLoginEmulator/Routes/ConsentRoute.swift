#if Emulator
import Foundation
import Hummingbird

/// `POST /oauth2/v2.1/consent`: the consent screen's Allow and Cancel, and the add-friend screen's answer.
struct ConsentRoute: Sendable {
    let store: EmulatorStore

    func handle(_ request: Request) async -> Response {
        let params: FormParameters
        switch await RequestBodyReader.form(from: request) {
        case .success(let form): params = form
        case .failure(let failure): return failure.pageResponse
        }
        guard let sessionID = params.nonEmpty("session"), let session = store.session(sessionID) else {
            return SignInFlow.sessionExpired
        }
        guard let userID = session.userID else {
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: "Log in and choose Allow or Cancel.")
        }
        let request = session.request
        let flow = SignInFlow(store: store)
        switch params["action"] {
        case "cancel":
            guard let taken = store.takeSession(sessionID) else { return SignInFlow.sessionExpired }
            return RouteSupport.redirectError(
                redirectURI: taken.request.redirectURI,
                error: RedirectErrorCode.accessDenied,
                description: RedirectErrorCode.accessDeniedDescription,
                state: taken.request.state
            )
        case "allow":
            store.recordGrant(request.scopes, channelID: request.channelID, userID: userID)
            // The checkbox counts only where it was shown: bot_prompt=normal's consent screen.
            if session.friendshipOffered, request.botPrompt == .normal, params["add_friend"] == "on" {
                let changed = store.addFriend(userID: userID)
                store.updateSession(sessionID) { $0.friendshipChanged = changed }
            }
            return flow.proceed(sessionID: sessionID, consented: true)
        case "add-friend" where session.friendshipOffered && request.botPrompt == .aggressive:
            let changed = store.addFriend(userID: userID)
            store.updateSession(sessionID) { $0.friendshipChanged = changed }
            return flow.finish(sessionID: sessionID)
        case "skip-friend" where session.friendshipOffered && request.botPrompt == .aggressive:
            return flow.finish(sessionID: sessionID)
        default:
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: "Log in and choose Allow or Cancel.")
        }
    }
}
#endif
