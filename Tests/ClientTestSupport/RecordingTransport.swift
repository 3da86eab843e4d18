import Foundation
import OAuthEngine
import LineLoginPrimitives

/// Wraps a transport and records every request (to prove what was, or was not, sent).
final class RecordingTransport: HTTPTransport, Sendable {
    private let base: any HTTPTransport
    private let recorded = LockedValue<[HTTPRequest]>([])

    init(_ base: any HTTPTransport = URLSessionTransport()) {
        self.base = base
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        record(request)
        return try await base.send(request)
    }

    private func record(_ request: HTTPRequest) { recorded.withLock { $0.append(request) } }

    /// Every request so far, in order.
    var requests: [HTTPRequest] { recorded.current }
}
