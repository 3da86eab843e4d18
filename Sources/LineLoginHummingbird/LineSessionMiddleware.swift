#if Hummingbird
public import LineLoginServer
public import Hummingbird

/// Reads the sealed web-login session cookie and, when it is intact and unexpired, puts its user in
/// the request context. Never refuses a request: pages decide what a signed-out visitor sees.
public struct LineSessionMiddleware<Context: LineUserRequestContext>: RouterMiddleware {
    /// The web login whose session cookie is read.
    public let webLogin: WebLogin

    /// Creates the middleware.
    public init(webLogin: WebLogin) {
        self.webLogin = webLogin
    }

    /// Sets ``LineUserRequestContext/lineUser`` from the session (unless already set), then calls `next`.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.lineUser == nil, let session = await webLogin.session(cookieHeader: request.cookieHeader) else {
            return try await next(request, context)
        }
        var context = context
        context.lineUser = session.user
        return try await next(request, context)
    }
}
#endif
