#if Emulator
import Foundation
import Hummingbird

/// The steps shared by the sign-in routes once the user is known: the consent screen, the add-friend
/// screen or the code, as ``SignInPolicy`` decides; and the start of an SSO session.
struct SignInFlow: Sendable {
    let store: EmulatorStore

    /// Signs session `sessionID` in as `userID` by `amr`, starts an SSO session in this browser when the
    /// user proved who they are (`startsBrowserSession`), and continues to the next screen.
    func signedIn(sessionID: String, userID: String, amr: [String], startsBrowserSession: Bool, authTime: Date? = nil) -> Response {
        guard let session = store.authenticateSession(sessionID, userID: userID, amr: amr, authTime: authTime) else {
            return Self.sessionExpired
        }
        let response = proceed(sessionID: sessionID)
        guard startsBrowserSession else { return response }
        let cookie = store.createBrowserSession(userID: userID, authTime: session.authTime ?? store.now())
        return SSOCookie.setting(cookie, on: response)
    }

    /// Continues session `sessionID`, whose user is known, to its next screen or to the client;
    /// `consented` once the user pressed Allow.
    func proceed(sessionID: String, consented: Bool = false) -> Response {
        guard let session = store.session(sessionID), let userID = session.userID, let user = store.user(id: userID),
            let channel = store.channel(id: session.request.channelID)
        else { return Self.sessionExpired }
        let request = session.request
        let step = SignInPolicy.next(
            request: request,
            consented: consented,
            granted: store.hasGranted(request.scopes, channelID: channel.channelID, userID: userID),
            botLinked: channel.botName != nil,
            isFriend: user.isFriend
        )
        switch step {
        case .consent(let offer):
            if offer { store.updateSession(sessionID) { $0.friendshipOffered = true } }
            return Reply.html(
                ConsentPage.render(
                    sessionID: sessionID,
                    channel: channel,
                    user: user,
                    request: request,
                    offerFriendship: offer ? channel.botName : nil
                )
            )
        case .addFriend:
            store.updateSession(sessionID) { $0.friendshipOffered = true }
            return Reply.html(AddFriendPage.render(sessionID: sessionID, botName: channel.botName ?? "", request: request))
        case .redirect:
            return finish(sessionID: sessionID)
        }
    }

    /// Ends session `sessionID` with a code for the client. Taking the session makes a double submit
    /// harmless: the second one finds nothing.
    func finish(sessionID: String) -> Response {
        guard let taken = store.takeSession(sessionID), let userID = taken.userID else { return Self.sessionExpired }
        return RouteSupport.redirectCode(
            store: store,
            request: taken.request,
            userID: userID,
            authTime: taken.authTime ?? store.now(),
            friendshipStatusChanged: taken.friendshipOffered ? taken.friendshipChanged : nil,
            amr: taken.amr
        )
    }

    /// The page for a login session that is unknown, expired or already finished.
    static var sessionExpired: Response {
        RouteSupport.errorPage(.badRequest, title: "Session expired", message: "This login session is unknown or has expired.")
    }
}
#endif
