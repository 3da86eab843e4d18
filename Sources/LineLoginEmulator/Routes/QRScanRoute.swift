#if Emulator
import Foundation
import Hummingbird

/// `GET /oauth2/v2.1/qr/scan?session=…&user=…`: the phone that scans the QR page, played by a link. The
/// session's 32 random bytes are what keep another site from signing someone in this way.
struct QRScanRoute: Sendable {
    /// The route's path.
    static let path = "/oauth2/v2.1/qr/scan"

    let store: EmulatorStore

    func handle(_ request: Request) -> Response {
        guard case .success(let params) = RouteSupport.query(of: request), params.duplicates.isEmpty,
            let sessionID = params.nonEmpty("session"), let session = store.session(sessionID)
        else {
            return SignInFlow.sessionExpired
        }
        guard session.userID == nil, let userID = params.nonEmpty("user"), store.user(id: userID) != nil else {
            return RouteSupport.errorPage(
                .badRequest, title: "Invalid request", message: "Unknown user, or this session is signed in already.")
        }
        return SignInFlow(store: store).signedIn(sessionID: sessionID, userID: userID, amr: ["lineqr"], startsBrowserSession: true)
    }
}
#endif
