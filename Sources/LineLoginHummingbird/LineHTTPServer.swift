#if Hummingbird
import LineLoginServer
public import HummingbirdCore
import NIOCore

/// Hummingbird's HTTP/1.1 server with the connection limits a public site needs: a connection that
/// sends no complete request head, or stays idle, for ``idleTimeout`` is closed, so slow clients
/// (slowloris) can't hold connections open. Pass it as `Application(router:server:…)`.
public enum LineHTTPServer {
    /// How long a connection may stay idle or take to send a request head.
    public static let idleTimeout: Duration = .seconds(15)

    /// An HTTP/1.1 server closing connections idle (or without a complete head) for `idleTimeout`.
    public static func http1(idleTimeout: Duration = idleTimeout) -> HTTPServerBuilder {
        // Hummingbird's idle timer runs until a request head is complete, so it is a header-read timeout too.
        .http1(configuration: .init(idleTimeout: TimeAmount(max(.milliseconds(1), idleTimeout))))
    }
}
#endif
