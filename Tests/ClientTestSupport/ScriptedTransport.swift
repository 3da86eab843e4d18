import Foundation
@testable import OAuthEngine
import LineLoginPrimitives

/// An ``HTTPTransport`` whose answers come from a handler closure. Records every request (in order)
/// and counts requests per URL path. Thread-safe: all its state is in one lock box.
final class ScriptedTransport: HTTPTransport, Sendable {
    typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private struct State: Sendable {
        var recorded: [HTTPRequest] = []
        var perPath: [String: Int] = [:]
        var handler: Handler
    }

    private let state: LockedValue<State>

    /// - Parameter handler: returns the response for a request, or throws a ``TransportError``
    ///   (any other error, e.g. a `CancellationError` from `Task.sleep`, becomes `.cancelled`).
    init(_ handler: @escaping Handler) {
        state = LockedValue(State(handler: handler))
    }

    /// A transport that answers every path from a fixed table (404 for anything else).
    convenience init(routes: [String: HTTPResponse]) {
        self.init { request in routes[request.url.path] ?? .init(statusCode: 404) }
    }

    /// Answers from now on with `handler` (a platform that changes its mind: keys rotated, an outage).
    func setHandler(_ handler: @escaping Handler) { state.withLock { $0.handler = handler } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let handler = state.withLock { state in
            state.recorded.append(request)
            state.perPath[request.url.path, default: 0] += 1
            return state.handler
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
    var requests: [HTTPRequest] { state.withLock { $0.recorded } }

    /// How many requests went to `path`.
    func count(path: String) -> Int { state.withLock { $0.perPath[path] ?? 0 } }

    /// The requests that went to `path`, in order.
    func requests(path: String) -> [HTTPRequest] { state.withLock { $0.recorded.filter { $0.url.path == path } } }

    /// The total number of requests.
    var totalCount: Int { state.withLock { $0.recorded.count } }
}
