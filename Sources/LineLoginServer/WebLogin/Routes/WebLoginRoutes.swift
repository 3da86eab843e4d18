#if Server
import Foundation
public import Logging
import OAuthEngine

/// The web-login routes' decisions, independent of any web framework; the Hummingbird and Vapor glue
/// hand each request's parts in and render the ``WebLoginResponse`` that comes back.
///
/// - `GET` ``startPath`` (`?return_to=/local/path`, `?retry=1`): redirects to LINE with the sealed attempt cookie;
/// - `GET` ``callbackPath`` (the redirect URI's path): completes the login, sets the sealed session cookie,
///   redirects to the `return_to` path or ``afterLoginPath``;
/// - `POST` ``logoutPath``: ends the session, revokes the tokens at LINE, deletes the session cookie, redirects
///   to ``afterLogoutPath``; a cross-site post is refused, and a session the store could not end is a 503
///   that keeps the cookie (try again), never a redirect that looks like success.
public struct WebLoginRoutes: Sendable {
    /// The web login.
    public let webLogin: WebLogin
    /// Where the login starts.
    public let startPath: String
    /// Where logout is posted.
    public let logoutPath: String
    /// Where a login without `return_to` ends.
    public let afterLoginPath: String
    /// Where logout ends.
    public let afterLogoutPath: String

    /// Creates the routes.
    /// - Parameters:
    ///   - webLogin: the configured web login; its redirect URI's path becomes the callback route.
    ///   - startPath: the start route.
    ///   - logoutPath: the logout route (POST).
    ///   - afterLoginPath: the default destination after a login.
    ///   - afterLogoutPath: the destination after logout.
    public init(
        webLogin: WebLogin, startPath: String = "/login", logoutPath: String = "/logout", afterLoginPath: String = "/",
        afterLogoutPath: String = "/"
    ) {
        self.webLogin = webLogin
        self.startPath = startPath
        self.logoutPath = logoutPath
        self.afterLoginPath = afterLoginPath
        self.afterLogoutPath = afterLogoutPath
    }

    /// The callback route: the redirect URI's path.
    public var callbackPath: String {
        let path = webLogin.configuration.redirectURI.path
        return path.isEmpty ? "/" : path
    }

    /// `GET start`: a 302 to LINE with the attempt cookie.
    /// - Parameter query: the request's raw (percent-encoded) query, if any.
    public func start(query: String?) -> WebLoginResponse {
        let parameters = Self.decode(query)
        do {
            let start = try webLogin.start(returnTo: parameters["return_to"], disableAutoLogin: parameters["retry"] == "1")
            return .redirect(start.authorizationURL.absoluteString, status: 302, cookies: [start.cookie])
        } catch {
            return WebLoginResponse(status: 500, body: .html(failurePage(error)))
        }
    }

    /// `GET callback`, first half: completes the login from the request's raw query and `Cookie` header.
    /// Run the app's own sign-in hook on success, then answer with ``signedIn(_:)``; on failure answer with
    /// ``failed(_:)`` or the app's own page plus ``attemptCookieDeletion``.
    public func complete(query: String?, cookieHeader: String?, logger: Logger? = nil) async throws(WebLoginError) -> WebLoginResult {
        var url = URLComponents(url: webLogin.configuration.redirectURI, resolvingAgainstBaseURL: false)
        url?.percentEncodedQuery = query
        guard let callbackURL = url?.url else { throw .authorization(.malformedRedirect) }
        return try await webLogin.callback(url: callbackURL, cookieHeader: cookieHeader, logger: logger)
    }

    /// `GET callback` after a login: the session cookie, the spent attempt's deletion, and the redirect.
    public func signedIn(_ result: WebLoginResult) async throws(WebLoginError) -> WebLoginResponse {
        let session = try await webLogin.sessionCookie(for: result.session)
        return .redirect(result.returnTo ?? afterLoginPath, cookies: [attemptCookieDeletion, session])
    }

    /// `GET callback` after a failure: the default page (what happened, a way forward that never loops on
    /// its own), 503 when LINE failed and 400 otherwise, with the spent attempt's deletion.
    public func failed(_ error: WebLoginError) -> WebLoginResponse {
        WebLoginResponse(status: error.isTransient ? 503 : 400, cookies: [attemptCookieDeletion], body: .html(failurePage(error)))
    }

    /// The attempt cookie's deletion, which every callback answer carries (an attempt is single-use).
    public var attemptCookieDeletion: ResponseCookie { webLogin.attemptCookieDeletion }

    /// `POST logout`: end, revoke, forget, redirect. A cross-site form post (its `Origin` names another host
    /// than the request's `Host`, or there is no `Host` to compare) is refused with 403.
    ///
    /// The session in the cookie is ended whether or not the store still calls it live (a store that can't
    /// answer a lookup must not turn a logout into a no-op). When the store can't end it, the answer is a
    /// 503 page that keeps the cookie so the user can try again: a copy of the cookie would still open the
    /// session, so nothing may look like a completed logout. When only LINE can't be reached, the logout
    /// completes: the session is ended here and the token expires on its own.
    /// - Parameters:
    ///   - origin: the request's `Origin` header, if any.
    ///   - host: the request's `Host` (authority), if known.
    ///   - cookieHeader: the request's `Cookie` header.
    public func logout(origin: String?, host: String?, cookieHeader: String?) async -> WebLoginResponse {
        // A post that names its origin must name this host; one without a host to compare is refused too.
        if let origin, host.map({ Self.sameHost(origin: origin, host: $0) }) != true {
            return WebLoginResponse(status: 403, body: .html("<!DOCTYPE html><title>Forbidden</title><p>Cross-site logout refused.</p>"))
        }
        if let session = webLogin.sealedSession(cookieHeader: cookieHeader) {
            do throws(WebLoginError) { try await webLogin.logout(session) } catch {
                if case .sessionStoreUnavailable = error { return logoutIncomplete }
                // Only LINE failed: ended here, so the logout is done; the token expires on its own.
            }
        }
        return .redirect(afterLogoutPath, cookies: [webLogin.sessionCookieDeletion])
    }

    /// The answer to a logout the session store could not record: 503, the cookie kept, a way to retry.
    var logoutIncomplete: WebLoginResponse {
        WebLoginResponse(
            status: 503,
            body: .html(
                """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
                <title>Logout could not be completed</title></head>
                <body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem;">
                <h1>Logout could not be completed</h1>
                <p>The site could not end your session just now, so you are still signed in. Try again in a moment.</p>
                <form method="post" action="\(HTMLEscaping.escape(logoutPath))"><button type="submit">Try logging out again</button></form>
                <p><a href="/">Home</a></p>
                </body></html>
                """))
    }

    static func sameHost(origin: String, host: String) -> Bool {
        guard let components = URLComponents(string: origin), let originHost = components.host else { return false }
        let originAuthority = components.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }

    /// The query's parameters, percent-decoded; the first value of each name.
    static func decode(_ query: String?) -> [String: String] {
        guard let query, let pairs = FormEncoding.decode(query) else { return [:] }
        var result: [String: String] = [:]
        for (name, value) in pairs where result[name] == nil { result[name] = value }
        return result
    }

    /// The default failure page.
    func failurePage(_ error: WebLoginError) -> String {
        let title = error.isUserCancelled ? "Login cancelled" : "Login failed"
        let retry = error.suggestsRetryWithoutAutoLogin ? startPath + "?retry=1" : startPath
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title></head>
            <body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem;">
            <h1>\(title)</h1>
            <p>\(HTMLEscaping.escape(error.description)).</p>
            <p><a href="\(HTMLEscaping.escape(retry))">Try again</a> · <a href="/">Home</a></p>
            </body></html>
            """
    }
}
#endif
