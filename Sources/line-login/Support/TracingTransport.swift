#if CLI
import Foundation
import OAuthEngine

/// Wraps a transport and reports each exchange (method, path, status, time) — never queries or bodies,
/// which carry tokens and codes.
struct TracingTransport: HTTPTransport {
    let base: any HTTPTransport
    let onExchange: @Sendable (_ method: String, _ path: String, _ status: Int?, _ duration: Duration) -> Void

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await base.send(request)
            onExchange(request.method, request.url.path, response.statusCode, clock.now - start)
            return response
        } catch {
            onExchange(request.method, request.url.path, nil, clock.now - start)
            throw error
        }
    }
}
#endif
