#if Hummingbird
public import LineLoginServer
public import Hummingbird
import NIOCore

/// A ready-made ``LineUserRequestContext``: Hummingbird's basic context plus ``lineUser``.
public struct LineRequestContext: LineUserRequestContext {
    /// Hummingbird's core storage.
    public var coreContext: CoreRequestContextStorage
    /// The authenticated user, if a middleware set one.
    public var lineUser: LineUser?
    /// The client this request counts against in a `NonceStore` (`NonceStore.issue(for:)`): the
    /// remote IP address, an IPv6 one reduced to its /64.
    public let nonceClient: String

    /// Creates a context for a request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        nonceClient = NonceClient.key(for: source.channel.remoteAddress)
    }
}
#endif
