#if Vapor
public import LineLoginServer
public import Vapor

extension Request {
    /// The LINE user ``LineBearerMiddleware`` verified or ``LineSessionMiddleware`` found in the web-login
    /// session, or `nil` (no token where tokens are optional, a signed-out visitor, a route neither guards).
    public var lineUser: LineUser? {
        get { storage[LineUserKey.self] }
        set { storage[LineUserKey.self] = newValue }
    }
}

/// The request-storage key of `request.lineUser`.
private struct LineUserKey: StorageKey {
    typealias Value = LineUser
}
#endif
