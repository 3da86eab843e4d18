#if ExampleSite
import Hummingbird
import LineLoginServer
import LineLoginHummingbird
import Logging

/// The security headers on every answer the router gives, a 404 or any other error included.
///
/// An unknown path, and any route that throws, ends in an error that Hummingbird's router turns into a
/// response only after every middleware has returned; so this middleware turns such an error into its
/// response itself, then adds the headers. It sits after the request log and the metrics, which then see
/// that response's status too.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = LineRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            // Anything else is a fault of the site: a plain 500 (the error's text may quote input).
            context.logger.error("a route failed", metadata: ["error": "\(type(of: error))"])
            response = Response(status: .internalServerError, headers: [.cacheControl: "no-store"])
        }
        for (name, value) in ExampleSiteHeaders.all {
            if let field = HTTPFields.Element.Name(name) { response.headers[field] = value }
        }
        return response
    }
}
#endif
