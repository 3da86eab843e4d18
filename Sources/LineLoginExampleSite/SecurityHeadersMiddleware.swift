import Hummingbird
import LineLoginServer
import LineLoginHummingbird

/// `X-Content-Type-Options`, `X-Frame-Options` and `Referrer-Policy` on every answer.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = LineRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        for (name, value) in [("X-Frame-Options", "DENY"), ("Referrer-Policy", "same-origin")] {
            if let field = HTTPFields.Element.Name(name) { response.headers[field] = value }
        }
        return response
    }
}
