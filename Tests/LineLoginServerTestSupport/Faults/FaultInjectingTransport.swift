#if Server && Emulator
import Foundation
import LineLoginPrimitives
import OAuthEngine

/// Wraps any transport and injects network faults into chosen endpoints, counting every call that
/// reached "the network" (faulted or not) per path: the same fault suite can put any transport under
/// test, the real `URLSessionTransport` against the emulator included.
final class FaultInjectingTransport: HTTPTransport, Sendable {
    enum Fault: Sendable, CustomStringConvertible {
        /// The connection is reset before an answer arrives.
        case connectionReset
        /// No answer within the deadline.
        case timeout
        /// The answer's body stops halfway (the status line and headers arrived).
        case truncatedBody
        /// The server answers this status, with `Retry-After` when given.
        case status(Int, retryAfter: String?)

        var description: String {
            switch self {
            case .connectionReset: return "connection reset"
            case .timeout: return "timeout"
            case .truncatedBody: return "truncated body"
            case .status(let code, let retryAfter): return "HTTP \(code)" + (retryAfter.map { " Retry-After: \($0)" } ?? "")
            }
        }
    }

    /// Every outage a client must survive: nothing readable came back, or the server failed or throttled.
    static let outages: [Fault] = [
        .connectionReset, .timeout, .truncatedBody, .status(500, retryAfter: nil), .status(502, retryAfter: nil),
        .status(503, retryAfter: "2"), .status(429, retryAfter: "3"),
    ]

    private let base: any HTTPTransport
    /// The fault being injected, where, and what reached the network, in the package's one lock box.
    private struct State: Sendable {
        var fault: Fault?
        var paths: Set<String>?
        var counts: [String: Int] = [:]
        var injectedCount = 0
    }
    private let state = LockedValue(State())

    init(_ base: any HTTPTransport = URLSessionTransport()) {
        self.base = base
    }

    /// From now on, requests to `paths` (every path when `nil`) meet `fault`; `nil` ends the faults.
    func inject(_ fault: Fault?, on paths: Set<String>? = nil) {
        state.withLock {
            $0.fault = fault
            $0.paths = paths
        }
    }

    /// How many requests to `path` reached the network.
    func calls(to path: String) -> Int { state.current.counts[path] ?? 0 }

    /// Requests that reached the network, all paths together.
    var totalCalls: Int { state.current.counts.values.reduce(0, +) }

    /// How many requests met a fault.
    var injected: Int { state.current.injectedCount }

    /// Prints how many faults `test` injected, for the figures in docs/SECURITY.md
    /// (`swift test --enable-all-traits --filter FaultTests | grep '^fault suite:'`).
    func report(_ test: String = #function) {
        print("fault suite: \(test): \(injected) faults injected, \(totalCalls) requests")
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let fault = state.withLock { state -> Fault? in
            state.counts[request.url.path, default: 0] += 1
            let fault = state.paths.map { $0.contains(request.url.path) ? state.fault : nil } ?? state.fault
            if fault != nil { state.injectedCount += 1 }
            return fault
        }
        switch fault {
        case nil:
            return try await base.send(request)
        case .connectionReset:
            throw TransportError.connectionFailed("connection reset by peer")
        case .timeout:
            throw TransportError.timedOut
        case .truncatedBody:
            var response = try await base.send(request)
            response.body = response.body.prefix(response.body.count / 2)
            return response
        case .status(let code, let retryAfter):
            var headers = ["Content-Type": "application/json"]
            if let retryAfter { headers["Retry-After"] = retryAfter }
            return HTTPResponse(
                statusCode: code, headers: headers,
                body: Data(#"{"error":"server_error","error_description":"injected"}"#.utf8))
        }
    }
}
#endif
