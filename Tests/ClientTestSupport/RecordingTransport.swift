import Foundation
import OAuthEngine

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

    private func record(_ request: HTTPRequest) { lock.withLock { recorded.append(request) } }

    /// Every request so far, in order.
    var requests: [HTTPRequest] { lock.withLock { recorded } }
}
