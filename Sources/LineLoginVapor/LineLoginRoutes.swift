#if Vapor
public import LineLoginServer
import Foundation
public import Vapor

/// The web-login routes for a Vapor application: the core's `WebLoginRoutes` (start, callback, logout),
/// rendered for Vapor, so a Vapor site answers exactly as a Hummingbird one does.
///
/// - `GET` start (`/login`; `?return_to=/local/path`, `?retry=1`): redirects to LINE with the sealed attempt cookie;
/// - `GET` the redirect URI's path: completes the login, sets the sealed session cookie, redirects to
///   the `return_to` path or the after-login path;
/// - `POST` logout (`/logout`): ends the session, revokes the tokens at LINE, deletes the session cookie, redirects;
///   a session the store could not end is a 503 page that keeps the cookie (try again).
///
/// ```swift
/// let login = try WebLogin(configuration: WebLoginConfiguration(
///     channelID: "1234567890", channelSecret: secret, redirectURI: URL(string: "https://example.com/callback")!))
/// app.middleware.use(LineSessionMiddleware(webLogin: login))
/// try app.register(collection: LineLoginRoutes(webLogin: login))
/// app.get { request in request.lineUser?.displayName ?? "signed out" }
/// ```
public struct LineLoginRoutes: RouteCollection, Sendable {
    /// Renders a failed login (the attempt cookie's deletion is added to whatever it returns).
    public typealias FailureHandler = @Sendable (WebLoginError, Request) async throws -> Response
    /// Called after a successful login, before the redirect (e.g. to create or update the user's account);
    /// an error it throws propagates to Vapor (the attempt is spent either way).
    public typealias SignInHandler = @Sendable (WebLoginResult, Request) async throws -> Void

    /// The framework-free routes this renders.
    public let routes: WebLoginRoutes
    private let onSignIn: SignInHandler?
    private let onFailure: FailureHandler?

    /// Creates the routes.
    /// - Parameters:
    ///   - webLogin: the configured web login; its redirect URI's path becomes the callback route.
    ///   - startPath: the start route.
    ///   - logoutPath: the logout route (POST).
    ///   - afterLoginPath: the default destination after a login.
    ///   - afterLogoutPath: the destination after logout.
    ///   - onSignIn: a hook run after each successful login; an error it throws propagates to Vapor.
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

    /// Adds the three routes.
    public func boot(routes builder: any RoutesBuilder) throws {
        let glue = self
        builder.get(Self.components(routes.startPath)) { request in Response(glue.routes.start(query: request.url.query)) }
        builder.get(Self.components(routes.callbackPath)) { request in try await glue.callback(request) }
        builder.post(Self.components(routes.logoutPath)) { request in
            Response(
                await glue.routes.logout(
                    origin: request.headers.first(name: .origin), host: request.headers.first(name: .host),
                    cookieHeader: request.cookieHeader))
        }
    }

    /// `GET callback`: completes the login, runs the hooks.
    func callback(_ request: Request) async throws -> Response {
        do {
            let result = try await routes.complete(query: request.url.query, cookieHeader: request.cookieHeader, logger: request.logger)
            try await onSignIn?(result, request)
            return Response(try await routes.signedIn(result))
        } catch let loginError as WebLoginError {
            guard let onFailure else { return Response(routes.failed(loginError)) }
            let response = try await onFailure(loginError, request)
            response.headers.add(name: .setCookie, value: routes.attemptCookieDeletion.headerValue)
            return response
        }
    }

    /// `/a/b` as Vapor's path components.
    static func components(_ path: String) -> [PathComponent] {
        path.split(separator: "/").map { PathComponent(stringLiteral: String($0)) }
    }
}

extension Request {
    /// Every `Cookie` header joined as one (HTTP/2 may split them).
    var cookieHeader: String? {
        let values = headers[.cookie]
        return values.isEmpty ? nil : values.joined(separator: "; ")
    }
}

extension Response {
    /// The core's answer as a Vapor response.
    convenience init(_ answer: WebLoginResponse) {
        var headers = HTTPHeaders()
        for (name, value) in answer.headers { headers.add(name: name, value: value) }
        self.init(status: HTTPResponseStatus(statusCode: answer.status), headers: headers, body: .init(string: answer.bodyText))
    }
}
#endif
