import Foundation
import Hummingbird
import Logging

/// `GET /oauth2/v2.1/authorize`: validates the request and shows the login page.
struct AuthorizeRoute: Sendable {
    let store: EmulatorStore
    let logger: Logger

    private static let knownScopes: Set<String> = ["profile", "openid", "email"]

    func handle(_ request: Request) -> Response {
        guard case .success(let params) = RouteSupport.query(of: request) else {
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: "The request is malformed.")
        }
        // client_id and redirect_uri come first: without both, nothing may be redirected anywhere.
        guard let clientID = params.nonEmpty("client_id"), !params.duplicates.contains("client_id"),
            let channel = store.channel(id: clientID)
        else {
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: "Invalid client_id.")
        }
        guard let redirectURI = params.nonEmpty("redirect_uri"), !params.duplicates.contains("redirect_uri"),
            CallbackURLMatcher.matches(redirectURI, registered: channel.callbackURLs)
        else {
            return RouteSupport.errorPage(
                .badRequest,
                title: "Invalid request",
                message: "Invalid redirect_uri: it does not match a callback URL registered for this channel."
            )
        }
        let state = params.nonEmpty("state")
        func fail(_ error: String, _ description: String) -> Response {
            RouteSupport.redirectError(redirectURI: redirectURI, error: error, description: description, state: state)
        }

        if let duplicate = params.duplicates.sorted().first {
            return fail("INVALID_REQUEST", "duplicated parameter: \(duplicate)")
        }
        guard let responseType = params.nonEmpty("response_type") else {
            return fail("INVALID_REQUEST", "response_type is required")
        }
        guard responseType == "code" else {
            return fail("UNSUPPORTED_RESPONSE_TYPE", "response_type must be code")
        }
        guard let state else { return fail("INVALID_REQUEST", "state is required") }
        guard FormEncoding.isUnreserved(state) else {
            return fail("INVALID_REQUEST", "state must use unreserved characters only")
        }

        var scopes: [String] = []
        for scope in (params["scope"] ?? "").split(separator: " ").map(String.init) where !scopes.contains(scope) {
            scopes.append(scope)
        }
        guard !scopes.isEmpty else { return fail("INVALID_SCOPE", "scope is required") }
        if let unknown = scopes.first(where: { !Self.knownScopes.contains($0) }) {
            return fail("INVALID_SCOPE", "unknown scope: \(unknown)")
        }
        guard scopes.contains("profile") || scopes.contains("openid") else {
            return fail("INVALID_SCOPE", "scope must include profile or openid")
        }
        if scopes.contains("email") && !scopes.contains("openid") {
            return fail("INVALID_SCOPE", "the email scope requires openid")
        }
        if let denied = scopes.first(where: { !channel.allowedScopes.contains($0) }) {
            return fail("INVALID_SCOPE", "scope not allowed for this channel: \(denied)")
        }

        let challenge = params["code_challenge"]
        let method = params["code_challenge_method"]
        if let method, method != "S256" {
            return fail("INVALID_REQUEST", "code_challenge_method must be S256")
        }
        if let challenge {
            guard method == "S256" else {
                return fail("INVALID_REQUEST", "code_challenge_method=S256 is required with code_challenge")
            }
            guard challenge.utf8.count == 43, Base64URL.decode(challenge)?.count == 32 else {
                return fail("INVALID_REQUEST", "malformed code_challenge")
            }
        } else if method != nil {
            return fail("INVALID_REQUEST", "code_challenge is required with code_challenge_method")
        }

        let prompts = (params["prompt"] ?? "").split(separator: " ").map(String.init)
        if let bad = prompts.first(where: { !["consent", "none", "login"].contains($0) }) {
            return fail("INVALID_REQUEST", "unsupported prompt: \(bad)")
        }
        var maxAge: Int?
        if let raw = params["max_age"] {
            guard let value = Int(raw), value >= 0 else { return fail("INVALID_REQUEST", "max_age must be a number") }
            maxAge = value
        }
        if let botPrompt = params["bot_prompt"], botPrompt != "normal" && botPrompt != "aggressive" {
            return fail("INVALID_REQUEST", "bot_prompt must be normal or aggressive")
        }

        let authorization = AuthorizationRequest(
            channelID: channel.channelID,
            redirectURI: redirectURI,
            state: state,
            scopes: scopes,
            nonce: params.nonEmpty("nonce"),
            codeChallenge: challenge,
            botPrompt: params["bot_prompt"] != nil,
            maxAge: maxAge
        )

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
        if prompts.contains("none") {
            return fail("LOGIN_REQUIRED", "the user is not logged in")
        }
        let sessionID = store.createSession(authorization)
        return Reply.html(
            LoginPage.render(sessionID: sessionID, channel: channel, users: store.currentConfiguration().users)
        )
    }
}
