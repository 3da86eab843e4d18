import Foundation
@testable import OAuthEngine

/// An ``HTTPTransport`` whose answers come from a handler closure. Records every request (in order)
/// and counts requests per URL path. Thread-safe: all recorded state is guarded by `lock`.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: `recorded` and `perPath` are only touched under `lock`; `handler` is immutable.
    typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    private var perPath: [String: Int] = [:]
    private let handler: Handler

    /// - Parameter handler: returns the response for a request, or throws a ``TransportError``
    ///   (any other error, e.g. a `CancellationError` from `Task.sleep`, becomes `.cancelled`).
    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// A transport that answers every path from a fixed table (404 for anything else).
    convenience init(routes: [String: HTTPResponse]) {
        self.init { request in routes[request.url.path] ?? .init(statusCode: 404) }
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        lock.withLock {
            recorded.append(request)
            perPath[request.url.path, default: 0] += 1
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

extension HTTPResponse {
    /// A JSON response from a dictionary.
    static func json(_ status: Int = 200, _ object: [String: Any], headers: [String: String] = [:]) -> HTTPResponse {
        let body = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        var all = headers
        all["Content-Type"] = "application/json"
        return HTTPResponse(statusCode: status, headers: all, body: body)
    }

    /// A response with a raw text body.
    static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, body: Data(text.utf8))
    }
}

extension HTTPRequest {
    /// The form body decoded into ordered pairs (empty when there is no body).
    var formPairs: [(String, String)] {
        guard let body, let text = String(data: body, encoding: .utf8) else { return [] }
        return FormEncoding.decode(text) ?? []
    }

    /// The form body as a dictionary (last value wins; use ``formPairs`` to see repeats).
    var form: [String: String] {
        Dictionary(formPairs, uniquingKeysWith: { _, last in last })
    }

    /// The body as UTF-8 text.
    var bodyText: String { body.flatMap { String(data: $0, encoding: .utf8) } ?? "" }

    /// A header by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
