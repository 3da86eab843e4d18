public import LineLoginServer
import Foundation
public import Hummingbird
import OAuthEngine

/// The web-login routes for a Hummingbird router:
///
/// - `GET` ``startPath`` (`?return_to=/local/path`, `?retry=1`): redirects to LINE with the sealed attempt cookie;
/// - `GET` the redirect URI's path: completes the login, sets the sealed session cookie, redirects to
///   the `return_to` path or ``afterLoginPath``;
/// - `POST` ``logoutPath``: revokes the tokens at LINE, deletes the session cookie, redirects to ``afterLogoutPath``.
///
/// ```swift
/// let router = Router(context: LineRequestContext.self)
/// router.add(middleware: LineSessionMiddleware(webLogin: login))
/// LineLoginRoutes(webLogin: login).register(on: router)
/// router.get("/") { _, context in context.lineUser?.displayName ?? "signed out" }
/// ```
public struct LineLoginRoutes<Context: RequestContext>: Sendable {
    /// Renders a failed login (the attempt cookie's deletion is added to whatever it returns).
    public typealias FailureHandler = @Sendable (WebLoginError, Request, Context) async throws -> Response
    /// Called after a successful login, before the redirect (e.g. to create or update the user's account);
    /// an error it throws propagates to Hummingbird (the attempt is spent either way).
    public typealias SignInHandler = @Sendable (WebLoginResult, Request, Context) async throws -> Void

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
    private let onSignIn: SignInHandler?
    private let onFailure: FailureHandler?

    /// Creates the routes.
    /// - Parameters:
    ///   - webLogin: the configured web login; its redirect URI's path becomes the callback route.
    ///   - startPath: the start route.
    ///   - logoutPath: the logout route (POST).
    ///   - afterLoginPath: the default destination after a login.
    ///   - afterLogoutPath: the destination after logout.
    ///   - onSignIn: a hook run after each successful login; an error it throws propagates to Hummingbird.
    ///   - onFailure: renders a failed login; the default is a small HTML page with a "Try again" link.
    public init(
        webLogin: WebLogin, startPath: String = "/login", logoutPath: String = "/logout",
        afterLoginPath: String = "/", afterLogoutPath: String = "/",
        onSignIn: SignInHandler? = nil, onFailure: FailureHandler? = nil
    ) {
        self.webLogin = webLogin
        self.startPath = startPath
        self.logoutPath = logoutPath
        self.afterLoginPath = afterLoginPath
        self.afterLogoutPath = afterLogoutPath
        self.onSignIn = onSignIn
        self.onFailure = onFailure
    }

    /// The callback route: the redirect URI's path.
    public var callbackPath: String {
        let path = webLogin.configuration.redirectURI.path
        return path.isEmpty ? "/" : path
    }

    /// Adds the three routes to `router`.
    public func register(on router: Router<Context>) {
        let routes = self
        router.get(RouterPath(startPath)) { request, _ in routes.start(request) }
        router.get(RouterPath(callbackPath)) { request, context in try await routes.callback(request, context: context) }
        router.post(RouterPath(logoutPath)) { request, _ in await routes.logout(request) }
    }

    /// `GET start`: a 302 to LINE with the attempt cookie.
    func start(_ request: Request) -> Response {
        let query = request.decodedQuery
        do {
            let start = try webLogin.start(returnTo: query["return_to"], disableAutoLogin: query["retry"] == "1")
            return .lineRedirect(to: start.authorizationURL.absoluteString, status: .found, cookies: [start.cookie])
        } catch {
            return .lineHTML(Self.failurePage(error, retryPath: startPath), status: .internalServerError)
        }
    }

    /// `GET callback`: completes the login.
    func callback(_ request: Request, context: Context) async throws -> Response {
        var url = URLComponents(url: webLogin.configuration.redirectURI, resolvingAgainstBaseURL: false)
        url?.percentEncodedQuery = request.uri.query
        let clearAttempt = webLogin.attemptCookieDeletion
        do {
            guard let callbackURL = url?.url else { throw WebLoginError.authorization(.malformedRedirect) }
            let result = try await webLogin.callback(url: callbackURL, cookieHeader: request.cookieHeader, logger: context.logger)
            try await onSignIn?(result, request, context)
            let session = try await webLogin.sessionCookie(for: result.session)
            return .lineRedirect(to: result.returnTo ?? afterLoginPath, cookies: [clearAttempt, session])
        } catch let loginError as WebLoginError {
            var response: Response
            if let onFailure {
                response = try await onFailure(loginError, request, context)
            } else {
                response = .lineHTML(
                    Self.failurePage(loginError, retryPath: startPath),
                    status: loginError.isTransient ? .serviceUnavailable : .badRequest)
            }
            response.appendCookies([clearAttempt])
            return response
        }
    }

    /// `POST logout`: revoke, forget, redirect. A cross-site form post (its `Origin` names another host)
    /// is refused.
    func logout(_ request: Request) async -> Response {
        if let origin = request.headers[.origin], let authority = request.head.authority,
            !Self.sameHost(origin: origin, host: authority)
        {
            return .lineHTML("<!DOCTYPE html><title>Forbidden</title><p>Cross-site logout refused.</p>", status: .forbidden)
        }
        if let session = await webLogin.session(cookieHeader: request.cookieHeader) {
            // Local logout must happen even when LINE can't be reached; the token then expires on its own.
            try? await webLogin.logout(session)
        }
        return .lineRedirect(to: afterLogoutPath, cookies: [webLogin.sessionCookieDeletion])
    }

    static func sameHost(origin: String, host: String) -> Bool {
        guard let components = URLComponents(string: origin), let originHost = components.host else { return false }
        let originAuthority = components.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }

    /// The default failure page: what happened, and a way forward that never loops on its own.
    static func failurePage(_ error: WebLoginError, retryPath: String) -> String {
        let title = error.isUserCancelled ? "Login cancelled" : "Login failed"
        let retry = error.suggestsRetryWithoutAutoLogin ? retryPath + "?retry=1" : retryPath
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
