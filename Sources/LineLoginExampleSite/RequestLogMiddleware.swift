#if ExampleSite
import Hummingbird
import LineLoginHummingbird
import Logging

/// One `info` line per request: method, path, status and milliseconds, with the request's ID. Not
/// Hummingbird's `LogRequestsMiddleware`, which logs the whole URI: the query of `/callback` holds
/// LINE's authorization code and state, which must never reach a log.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = LineRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        context.logger.info(
            "\(request.method.rawValue) \(request.uri.path) \(response.status.code)",
            metadata: ["duration": "\(elapsed)"])
        return response
    }
}
#endif
