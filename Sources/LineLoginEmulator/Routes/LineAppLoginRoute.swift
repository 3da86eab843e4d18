#if Emulator
import Foundation
import Hummingbird

/// `GET /app/oauth2/v2.1/login`: the emulator playing the LINE app. It takes the URL LINE's SDK hands
/// to the LINE app (universal link `https://access-auto.line.me/oauth2/v2.1/login?returnUri=…&loginChannelId=…`,
/// or the `loginUrl` of `lineauth2://authorize/`), checks the authorization request carried in
/// `returnUri` exactly as `/oauth2/v2.1/authorize` does, signs the app's user in as the LINE app does
/// (no page, `amr` `lineautologin`; `linesso` when auto login is off) and answers with a redirect to the app's callback,
/// `line3rdp.<bundle ID>://authorize/?code=…&state=…`.
///
/// The user is the auto-approve user when one is set, else the first configured user: the one logged
/// in to "the LINE app". LINE's app parameters are documented only by LINE's SDK, which this follows.
struct LineAppLoginRoute: Sendable {
    /// Where LINE's SDK points `returnUri`: the consent step of the authorize endpoint.
    static let returnURIPath = "/oauth2/v2.1/authorize/consent"

    let store: EmulatorStore

    func handle(_ request: Request) -> Response {
        guard case .success(let params) = FormParameters.parse(request.uri.query ?? ""),
            let returnURI = params.nonEmpty("returnUri"), let channelID = params.nonEmpty("loginChannelId"),
            params.duplicates.isEmpty
        else {
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: "returnUri and loginChannelId are required.")
        }
        guard let query = Self.authorizationQuery(returnURI) else {
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: "returnUri is not LINE's consent path.")
        }
        switch AuthorizeParameters.validate(query: query, channels: store.channel(id:)) {
        case .failure(.errorPage(let message)):
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: message)
        case .failure(.redirect(let redirectURI, let error, let description, let state)):
            return RouteSupport.redirectError(redirectURI: redirectURI, error: error, description: description, state: state)
        case .success(let accepted):
            let authorization = accepted.request
            guard accepted.channel.channelID == channelID else {
                return RouteSupport.redirectError(
                    redirectURI: authorization.redirectURI, error: RedirectErrorCode.invalidRequest,
                    description: "loginChannelId differs from client_id", state: authorization.state)
            }
            // LINE's SDK names the app's universal link here; it must be one of the channel's too.
            if case .success(let inner) = FormParameters.parse(query), let optional = inner.nonEmpty("optional_redirect_uri"),
                !CallbackURLMatcher.matches(optional, registered: accepted.channel.acceptedCallbackURLs)
            {
                return RouteSupport.redirectError(
                    redirectURI: authorization.redirectURI, error: RedirectErrorCode.invalidRequest,
                    description: "optional_redirect_uri is not registered", state: authorization.state)
            }
            // The LINE app is an iOS flow, so disable_ios_auto_login counts here as disable_auto_login does.
            let inner = (try? FormParameters.parse(query).get())
            let disabled = authorization.autoLoginDisabled || inner?["disable_ios_auto_login"] == "true"
            if !disabled && store.autoLoginFails(for: accepted.channel) {
                return RouteSupport.autoLoginFailure(redirectURI: authorization.redirectURI)
            }
            let users = store.currentConfiguration().users
            guard let user = store.autoApproveUserID.flatMap(store.user(id:)) ?? users.first else {
                return RouteSupport.errorPage(.badRequest, title: "No LINE user", message: "The emulator has no user to sign in.")
            }
            // With auto login off the LINE app asks its user to confirm, as the "continue as" screen of an
            // SSO session does (LINE documents neither; this follows the amr values it lists).
            return RouteSupport.redirectCode(
                store: store, request: authorization, userID: user.userID, authTime: store.now(),
                friendshipStatusChanged: nil, amr: [disabled ? "linesso" : "lineautologin"])
        }
    }

    /// The query of `returnUri` when it is LINE's consent path (`/oauth2/v2.1/authorize/consent?…`).
    static func authorizationQuery(_ returnURI: String) -> String? {
        guard let components = URLComponents(string: returnURI), components.scheme == nil, components.host == nil,
            components.path == returnURIPath, let query = components.percentEncodedQuery
        else { return nil }
        return query
    }
}
#endif
