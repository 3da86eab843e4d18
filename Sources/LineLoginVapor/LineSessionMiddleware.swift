#if Vapor
public import LineLoginServer
public import Vapor

/// Reads the sealed web-login session cookie and, when it is intact, unexpired and still live in the
/// session store, puts its user on the request (`request.lineUser`). Never refuses a request: pages decide
/// what a signed-out visitor sees.
///
/// ```swift
/// app.middleware.use(LineSessionMiddleware(webLogin: login))
/// ```
public struct LineSessionMiddleware: AsyncMiddleware {
    /// The web login whose session cookie is read.
    public let webLogin: WebLogin

    /// Creates the middleware.
    public init(webLogin: WebLogin) {
        self.webLogin = webLogin
    }

    /// Sets `request.lineUser` from the session (unless already set), then calls `next`.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if request.lineUser == nil, let session = await webLogin.session(cookieHeader: request.cookieHeader) {
            request.lineUser = session.user
        }
        return try await next.respond(to: request)
    }
}
#endif
