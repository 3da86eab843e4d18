import Foundation
@testable import OAuthEngine

/// An ``HTTPTransport`` whose answers come from a handler closure. Records every request (in order)
/// and counts requests per URL path. Thread-safe: all recorded state is guarded by `lock`.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: `recorded`, `perPath` and `handler` are only touched under `lock`.
    typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    private var perPath: [String: Int] = [:]
    private var handler: Handler

    /// - Parameter handler: returns the response for a request, or throws a ``TransportError``
    ///   (any other error, e.g. a `CancellationError` from `Task.sleep`, becomes `.cancelled`).
    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// A transport that answers every path from a fixed table (404 for anything else).
    convenience init(routes: [String: HTTPResponse]) {
        self.init { request in routes[request.url.path] ?? .init(statusCode: 404) }
    }

    /// Answers from now on with `handler` (a platform that changes its mind: keys rotated, an outage).
    func setHandler(_ handler: @escaping Handler) { lock.withLock { self.handler = handler } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let handler = lock.withLock {
            recorded.append(request)
            perPath[request.url.path, default: 0] += 1
            return self.handler
        }
        do {
            return try await handler(request)
        } catch let error as TransportError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    /// Every request so far, in order.
    var requests: [HTTPRequest] { lock.withLock { recorded } }

    /// How many requests went to `path`.
    func count(path: String) -> Int { lock.withLock { perPath[path] ?? 0 } }

    /// The requests that went to `path`, in order.
    func requests(path: String) -> [HTTPRequest] { lock.withLock { recorded.filter { $0.url.path == path } } }

    /// The total number of requests.
    var totalCount: Int { lock.withLock { recorded.count } }
}
