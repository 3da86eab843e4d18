public import Hummingbird

/// A ready-made ``LineUserRequestContext``: Hummingbird's basic context plus ``lineUser``.
public struct LineRequestContext: LineUserRequestContext {
    /// Hummingbird's core storage.
    public var coreContext: CoreRequestContextStorage
    /// The authenticated user, if a middleware set one.
    public var lineUser: LineUser?

    /// Creates a context for a request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
