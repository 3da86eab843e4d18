#if Emulator
import Foundation
import Hummingbird

/// Helpers shared by the routes.
enum RouteSupport {
    /// The base URL without a trailing slash: where every endpoint is.
    static func base(store: EmulatorStore, request: Request) -> String {
        // The Host header only if a request beats the bind callback.
        store.base ?? "http://" + (request.head.authority ?? "127.0.0.1")
    }

    /// The issuer of ID tokens, discovery and verify (``EmulatorStore/issuer``), with the same fallback.
    static func issuer(store: EmulatorStore, request: Request) -> String {
        store.issuer ?? base(store: store, request: request)
    }

    /// The query string as form parameters.
    static func query(of request: Request) -> Result<FormParameters, FormParameters.Problem> {
        FormParameters.parse(request.uri.query ?? "")
    }

    /// The token of an `Authorization: Bearer …` header.
    static func bearerToken(of request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// Scopes as a response string: space separated and never listing `email` (LINE's token responses
    /// omit it even when it was granted; the ID token's `email` claim shows it).
    static func scopeString(_ scopes: [String]) -> String {
        scopes.filter { $0 != "email" }.joined(separator: " ")
    }

    /// A 302 to the client's redirect URI carrying an error (a ``RedirectErrorCode``), with the
    /// description and `state` bounded by ``ReflectedInput``.
    static func redirectError(
        redirectURI: String,
        error: String,
        description: String,
        state: String?
    ) -> Response {
        var items = [("error", error), ("error_description", ReflectedInput.clipped(description, as: .description))]
        if let state, ReflectedInput.fits(state, as: .state) { items.append(("state", state)) }
        return Reply.redirect(to: FormEncoding.appending(items, to: redirectURI))
    }

    /// A 302 to the client's redirect URI carrying a fresh code, and `friendship_status_changed` when
    /// the add-friend option was shown (LINE sends it only then, so `nil` leaves it out).
    static func redirectCode(
        store: EmulatorStore,
        request: AuthorizationRequest,
        userID: String,
        authTime: Date,
        friendshipStatusChanged: Bool?,
        amr: [String]
    ) -> Response {
        let code = store.issueCode(for: request, userID: userID, authTime: authTime, amr: amr)
        var items = [("code", code), ("state", request.state)]
        if let friendshipStatusChanged {
            items.append(("friendship_status_changed", friendshipStatusChanged ? "true" : "false"))
        }
        return Reply.redirect(to: FormEncoding.appending(items, to: request.redirectURI))
    }

    /// LINE's auto-login failure: the client's callback comes back with a state it never sent (and a
    /// code that was never issued), which LINE's SDK reports as a state mismatch; the app retries once
    /// with `disable_auto_login`, and then auto login is not attempted, so it can't fail.
    static func autoLoginFailure(redirectURI: String) -> Response {
        Reply.redirect(
            to: FormEncoding.appending(
                [
                    ("code", RandomToken.base64URL(byteCount: 16)), ("state", RandomToken.base64URL(byteCount: 16)),
                ], to: redirectURI))
    }

    /// The error page for a request that cannot be redirected.
    static func errorPage(_ status: HTTPResponse.Status, title: String, message: String) -> Response {
        Reply.html(ErrorPage.render(title: title, message: message), status: status)
    }
}
#endif
