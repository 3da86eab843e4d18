#if Hummingbird
public import LineLoginServer
import Foundation
public import Hummingbird
import NIOCore
import OAuthEngine

/// The web-login routes for a Hummingbird router: the core's `WebLoginRoutes` (start, callback, logout),
/// rendered for Hummingbird.
///
/// - `GET` ``startPath`` (`?return_to=/local/path`, `?retry=1`): redirects to LINE with the sealed attempt cookie;
/// - `GET` the redirect URI's path: completes the login, sets the sealed session cookie, redirects to
///   the `return_to` path or ``afterLoginPath``;
/// - `POST` ``logoutPath``: ends the session, revokes the tokens at LINE, deletes the session cookie, redirects to
///   ``afterLogoutPath``; a session the store could not end is a 503 page that keeps the cookie (try again).
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

    /// The framework-free routes this renders.
    public let routes: WebLoginRoutes
    private let onSignIn: SignInHandler?
    private let onFailure: FailureHandler?

    /// The web login.
    public var webLogin: WebLogin { routes.webLogin }
    /// Where the login starts.
    public var startPath: String { routes.startPath }
    /// Where logout is posted.
    public var logoutPath: String { routes.logoutPath }
    /// Where a login without `return_to` ends.
    public var afterLoginPath: String { routes.afterLoginPath }
    /// Where logout ends.
    public var afterLogoutPath: String { routes.afterLogoutPath }
    /// The callback route: the redirect URI's path.
    public var callbackPath: String { routes.callbackPath }

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
        routes = WebLoginRoutes(
            webLogin: webLogin, startPath: startPath, logoutPath: logoutPath, afterLoginPath: afterLoginPath,
            afterLogoutPath: afterLogoutPath)
        self.onSignIn = onSignIn
        self.onFailure = onFailure
    }

    /// Adds the three routes to `router`.
    public func register(on router: Router<Context>) {
        let glue = self
        router.get(RouterPath(startPath)) { request, _ in Response(glue.routes.start(query: request.uri.query)) }
        router.get(RouterPath(callbackPath)) { request, context in try await glue.callback(request, context: context) }
        router.post(RouterPath(logoutPath)) { request, _ in
            Response(
                await glue.routes.logout(
                    origin: request.headers[.origin], host: request.head.authority, cookieHeader: request.cookieHeader))
        }
    }

    /// `GET callback`: completes the login, runs the hooks.
    func callback(_ request: Request, context: Context) async throws -> Response {
        do {
            let result = try await routes.complete(query: request.uri.query, cookieHeader: request.cookieHeader, logger: context.logger)
            try await onSignIn?(result, request, context)
            return Response(try await routes.signedIn(result))
        } catch let loginError as WebLoginError {
            guard let onFailure else { return Response(routes.failed(loginError)) }
            var response = try await onFailure(loginError, request, context)
            response.appendCookies([routes.attemptCookieDeletion])
            return response
        }
    }
}

extension Response {
    /// The core's answer as a Hummingbird response.
    init(_ answer: WebLoginResponse) {
        var headers = HTTPFields()
        for (name, value) in answer.headers {
            if let field = HTTPFields.Element.Name(name) { headers.append(HTTPFields.Element(name: field, value: value)) }
        }
        self.init(
            status: HTTPResponse.Status(code: answer.status), headers: headers,
            body: answer.bodyText.isEmpty ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: answer.bodyText)))
    }
}
#endif
