import Foundation
import OAuthEngine

/// A scripted HTTP transport that records what it was asked.
final class FakeTransport: HTTPTransport, @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) throws(TransportError) -> HTTPResponse
    private let lock = NSLock()
    private var handler: Handler
    private var recorded: [HTTPRequest] = []

    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try record(request)(request)
    }

    private func record(_ request: HTTPRequest) -> Handler {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(request)
        return handler
    }

    func setHandler(_ handler: @escaping Handler) {
        lock.lock()
        self.handler = handler
        lock.unlock()
    }

    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func requests(toPath path: String) -> [HTTPRequest] { requests.filter { $0.url.path == path } }

    static func json(_ status: Int, _ object: Any, headers: [String: String] = [:]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(statusCode: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: data)
    }
}

/// Wraps a transport and records every request (to prove what was, or was not, sent).
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []

    init(_ base: any HTTPTransport = URLSessionTransport()) {
        self.base = base
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        record(request)
        return try await base.send(request)
    }

    private func record(_ request: HTTPRequest) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(request)
    }

    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
