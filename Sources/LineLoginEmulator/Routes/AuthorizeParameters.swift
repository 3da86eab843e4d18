#if Emulator
import Foundation

/// The parameter check of `GET /oauth2/v2.1/authorize`, as a pure function of the query and the
/// registered channels, so that every refusal can be tested without a server, a store or a clock.
enum AuthorizeParameters {
    /// A request that passed every check.
    struct Accepted: Sendable, Equatable {
        /// What the login and consent pages carry forward.
        var request: AuthorizationRequest
        /// The channel named by `client_id`.
        var channel: EmulatorChannel
        /// The `prompt` values, in request order (`consent`, `none`, `login`).
        var prompts: [String]
    }

    /// LINE's permissions (LINE's SDK lists the same in `LoginPermission`; kept here apart on purpose, so
    /// a mistake shared with the client can't hide itself). A channel grants those in `allowedScopes`.
    private static let knownScopes: Set<String> = [
        "profile", "openid", "email", "friends", "groups", "message.write", "onetime.share", "openchat.info",
        "openchat.term.agreement.status", "openchat.create.join", "phone", "gender", "birthdate", "address", "real_name",
        "openchatplug.managament", "openchatplug.info", "openchatplug.profile", "openchatplug.send.message",
        "openchatplug.receive.message.and.event",
    ]
    private static let knownPrompts: Set<String> = ["consent", "none", "login"]

    /// Checks `query` (the raw query string, still percent-encoded) in LINE's order: the query's form,
    /// `client_id`, `redirect_uri` (these three refuse with an error page), then duplicates,
    /// `response_type`, `state`, `scope`, PKCE, `prompt`, `max_age` and `bot_prompt` (these redirect);
    /// then reads the page options (`ui_locales`, `initial_amr_display`, `switch_amr`,
    /// `disable_auto_login`, `disable_ios_auto_login`), which never refuse: LINE ignores values it
    /// doesn't know there.
    ///
    /// - Parameters:
    ///   - query: the request's query string, as received.
    ///   - channels: the registered channel with a `client_id`, or `nil`.
    ///   - userAgent: the browser's `User-Agent`, which tells an iOS flow apart.
    static func validate(
        query: String,
        channels: (String) -> EmulatorChannel?,
        userAgent: String? = nil
    ) -> Result<Accepted, AuthorizeRefusal> {
        guard case .success(let params) = FormParameters.parse(query) else {
            return .failure(.errorPage(message: "The request is malformed."))
        }
        // client_id and redirect_uri come first: without both, nothing may be redirected anywhere.
        guard let clientID = params.nonEmpty("client_id"), !params.duplicates.contains("client_id"),
            let channel = channels(clientID)
        else {
            return .failure(.errorPage(message: "Invalid client_id."))
        }
        guard let redirectURI = params.nonEmpty("redirect_uri"), !params.duplicates.contains("redirect_uri"),
            CallbackURLMatcher.matches(redirectURI, registered: channel.acceptedCallbackURLs)
        else {
            return .failure(
                .errorPage(message: "Invalid redirect_uri: it does not match a callback URL registered for this channel.")
            )
        }
        let rawState = params.nonEmpty("state")
        // An over-long state is refused, and not sent back with the refusal.
        let state = rawState.flatMap { ReflectedInput.fits($0, as: .state) ? $0 : nil }
        func fail(_ error: String, _ description: String) -> Result<Accepted, AuthorizeRefusal> {
            .failure(.redirect(redirectURI: redirectURI, error: error, description: description, state: state))
        }

        if let duplicate = params.duplicates.sorted().first {
            return fail(RedirectErrorCode.invalidRequest, "duplicated parameter: \(duplicate)")
        }
        guard let responseType = params.nonEmpty("response_type") else {
            return fail(RedirectErrorCode.invalidRequest, "response_type is required")
        }
        guard responseType == "code" else {
            return fail(RedirectErrorCode.unsupportedResponseType, "response_type must be code")
        }
        // LINE's words for a missing state (RedirectErrorCode.missingStateDescription cites them).
        guard rawState != nil else { return fail(RedirectErrorCode.invalidRequest, RedirectErrorCode.missingStateDescription) }
        guard let state else { return fail(RedirectErrorCode.invalidRequest, "state is too long") }
        guard FormEncoding.isUnreserved(state) else {
            return fail(RedirectErrorCode.invalidRequest, "state must use unreserved characters only")
        }

        var scopes: [String] = []
        for scope in (params["scope"] ?? "").split(separator: " ").map(String.init) where !scopes.contains(scope) {
            scopes.append(scope)
        }
        guard !scopes.isEmpty else { return fail(RedirectErrorCode.invalidScope, "scope is required") }
        if let unknown = scopes.first(where: { !knownScopes.contains($0) }) {
            return fail(RedirectErrorCode.invalidScope, "unknown scope: \(unknown)")
        }
        guard scopes.contains("profile") || scopes.contains("openid") else {
            return fail(RedirectErrorCode.invalidScope, "scope must include profile or openid")
        }
        if scopes.contains("email") && !scopes.contains("openid") {
            return fail(RedirectErrorCode.invalidScope, "the email scope requires openid")
        }
        if let denied = scopes.first(where: { !channel.allowedScopes.contains($0) }) {
            return fail(RedirectErrorCode.invalidScope, "scope not allowed for this channel: \(denied)")
        }

        let challenge = params["code_challenge"]
        let method = params["code_challenge_method"]
        if let method, method != "S256" {
            return fail(RedirectErrorCode.invalidRequest, "code_challenge_method must be S256")
        }
        if let challenge {
            guard method == "S256" else {
                return fail(RedirectErrorCode.invalidRequest, "code_challenge_method=S256 is required with code_challenge")
            }
            guard challenge.utf8.count == 43, Base64URL.decode(challenge)?.count == 32 else {
                return fail(RedirectErrorCode.invalidRequest, "malformed code_challenge")
            }
        } else if method != nil {
            return fail(RedirectErrorCode.invalidRequest, "code_challenge is required with code_challenge_method")
        }

        let prompts = (params["prompt"] ?? "").split(separator: " ").map(String.init)
        if let bad = prompts.first(where: { !knownPrompts.contains($0) }) {
            return fail(RedirectErrorCode.invalidRequest, "unsupported prompt: \(bad)")
        }
        // OpenID Connect Core §3.1.2.1: none with any other value is an error.
        if prompts.contains("none") && Set(prompts).count > 1 {
            return fail(RedirectErrorCode.invalidRequest, "prompt=none cannot be combined with other values")
        }
        var maxAge: Int?
        if let raw = params["max_age"] {
            guard let value = Int(raw), value >= 0 else { return fail(RedirectErrorCode.invalidRequest, "max_age must be a number") }
            maxAge = value
        }
        var botPrompt: BotPromptStyle?
        if let raw = params["bot_prompt"] {
            guard let style = BotPromptStyle(rawValue: raw) else {
                return fail(RedirectErrorCode.invalidRequest, "bot_prompt must be normal or aggressive")
            }
            botPrompt = style
        }
        // LINE documents disable_ios_auto_login as the iOS-only form of disable_auto_login; an iOS flow is
        // one that answers an iOS app (LINE's custom scheme) or runs in an iOS browser.
        let iOSFlow = redirectURI.lowercased().hasPrefix("line3rdp.") || Self.isIOS(userAgent: userAgent)
        let autoLoginDisabled =
            params["disable_auto_login"] == "true" || (iOSFlow && params["disable_ios_auto_login"] == "true")

        let request = AuthorizationRequest(
            channelID: channel.channelID,
            redirectURI: redirectURI,
            state: state,
            scopes: scopes,
            nonce: params.nonEmpty("nonce"),
            codeChallenge: challenge,
            botPrompt: botPrompt,
            maxAge: maxAge,
            locale: PageLocale.preferred(in: params["ui_locales"]),
            startsWithQRCode: params["initial_amr_display"] == "lineqr",
            hidesMethodSwitch: params["switch_amr"] == "false",
            autoLoginDisabled: autoLoginDisabled,
            consentPrompted: prompts.contains("consent")
        )
        return .success(Accepted(request: request, channel: channel, prompts: prompts))
    }

    /// Whether a `User-Agent` is an iPhone's, iPad's or iPod's browser.
    static func isIOS(userAgent: String?) -> Bool {
        guard let userAgent else { return false }
        return ["iPhone", "iPad", "iPod"].contains { userAgent.contains($0) }
    }
}
#endif
