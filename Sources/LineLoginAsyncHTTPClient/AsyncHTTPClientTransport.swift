#if AsyncHTTPClient
public import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1
public import OAuthEngine

/// The engine's HTTP seam on AsyncHTTPClient, for servers: connection pooling on SwiftNIO, a real
/// deadline for the whole exchange (head and body), redirects never followed, and a bound on the body.
/// `URLSessionTransport` stays the transport of LineSDK and the CLI.
///
/// ```swift
/// let transport = AsyncHTTPClientTransport()            // owns a client; call shutdown() at exit
/// let verifier = try IDTokenVerifier(channels: channels, transport: transport)
/// ```
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The most bytes of any response body read, whatever a request allows (LINE's answers are a few
    /// kilobytes; a JWKS at most 256 KiB). Each request's own `HTTPRequest.maximumResponseSize`, which
    /// the engine sets per kind of answer, bounds it further.
    public let maximumBodySize: Int
    private let client: HTTPClient
    private let ownsClient: Bool

    /// A transport with a client of its own: redirects disallowed, connections pooled (at most
    /// `connectionsPerHost` per host, idle ones closed after a minute). Call ``shutdown()`` before exit.
    /// - Parameters:
    ///   - connectionsPerHost: the most concurrent connections to one host.
    ///   - maximumBodySize: the most bytes of a response body read.
    public init(connectionsPerHost: Int = 8, maximumBodySize: Int = 1 << 20) {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connectionsPerHost)
        configuration.decompression = .disabled
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        ownsClient = true
        self.maximumBodySize = maximumBodySize
    }

    /// A transport over an application's client, which the application shuts down. Configure it with
    /// `redirectConfiguration = .disallow`: the engine decides about every redirect itself.
    /// - Parameters:
    ///   - client: the application's client.
    ///   - maximumBodySize: the most bytes of a response body read.
    public init(client: HTTPClient, maximumBodySize: Int = 1 << 20) {
        self.client = client
        ownsClient = false
        self.maximumBodySize = maximumBodySize
    }

    /// Shuts the transport's own client down (a client passed in is the application's to shut down).
    public func shutdown() async throws {
        if ownsClient { try await client.shutdown() }
    }

    /// Sends `request` within `request.timeout` for the whole exchange, reading at most
    /// `min(maximumBodySize, request.maximumResponseSize)` bytes of body (a larger `Content-Length` fails
    /// before a byte is read); maps failures to `TransportError`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let timeout = Self.nanoseconds(request.timeout)
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let (client, limit) = (client, max(0, min(maximumBodySize, request.maximumResponseSize)))
        let prepared = outgoing
        let deadline = NIODeadline.now() + .nanoseconds(timeout)
        // NIO's deadline covers the head; OAuthEngine's `ExchangeDeadline` (on the package's one racer) covers the
        // body too, which a trickling server sends slowly enough that no idle timeout fires. A task group
        // would wait for its cancelled child, and so for the very server the deadline is there to cut off.
        return try await ExchangeDeadline.run(seconds: request.timeout) { () async throws(TransportError) -> HTTPResponse in
            do {
                let response = try await client.execute(prepared, deadline: deadline)
                let body = try await response.body.collect(upTo: limit)
                var headers: [String: String] = [:]
                for header in response.headers {
                    headers[header.name] = headers[header.name].map { $0 + ", " + header.value } ?? header.value
                }
                return HTTPResponse(statusCode: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
            } catch is NIOTooManyBytesError {
                throw .responseTooLarge(limit: limit)
            } catch {
                throw Self.transportError(error)
            }
        }
    }

    /// What went wrong, in the engine's terms; never the URL (it may carry a token).
    static func transportError(_ error: any Error) -> TransportError {
        switch error {
        case let error as TransportError: return error
        case is CancellationError: return .cancelled
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return .timedOut
            case .cancelled: return .cancelled
            case .remoteConnectionClosed, .alreadyShutdown: return .connectionFailed("the connection was closed")
            default: return .other("AsyncHTTPClient: \(String(describing: error).prefix(80))")
            }
        default: return .connectionFailed(String(describing: type(of: error)))
        }
    }

    private static func nanoseconds(_ seconds: TimeInterval) -> Int64 {
        guard seconds.isFinite, seconds > 0 else { return 1 }
        return Int64(min(seconds, 86_400) * 1_000_000_000)
    }
}
#endif
