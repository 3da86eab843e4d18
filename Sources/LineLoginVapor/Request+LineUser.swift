public import LineLoginServer
public import Vapor

extension Request {
    /// The LINE user ``LineBearerMiddleware`` verified, or `nil` on a route it doesn't guard (or with no
    /// token where tokens are optional).
    public var lineUser: LineUser? {
        get { storage[LineUserKey.self] }
        set { storage[LineUserKey.self] = newValue }
    }
}

/// The request-storage key of `request.lineUser`.
private struct LineUserKey: StorageKey {
    typealias Value = LineUser
}
