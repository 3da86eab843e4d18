#if Hummingbird
public import LineLoginServer
public import Hummingbird

/// A request context that can carry the LINE user a middleware authenticated.
public protocol LineUserRequestContext: RequestContext {
    /// The authenticated user, set by ``LineBearerMiddleware`` or ``LineSessionMiddleware``.
    var lineUser: LineUser? { get set }
}
#endif
