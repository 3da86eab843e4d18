import Foundation
import Hummingbird
import LineLoginEmulator
import LineLoginServer
import LineLoginHummingbird

/// `line-login-bench middleware-server --port P --tokens FILE`: an emulator, a signed-in user's tokens
/// written to FILE, and a Hummingbird app with the same route three ways — no authentication, an ID token
/// (local validation), an access token (cached verify) — for a load generator in another process.
enum MiddlewareServer {
    static func run(port: Int, tokensFile: String) async throws {
        let fixture = try await MiddlewareFixture.start(tokensFile: tokensFile)
        let (idTokens, cachedIDTokens, accessTokens) = (fixture.idTokens, fixture.cachedIDTokens, fixture.accessTokens)
        let router = Router(context: LineRequestContext.self)
        router.get("/open") { _, _ in "ok" }
        router.group("open-middleware").add(middleware: HummingbirdPassThrough()).get("/") { _, _ in "ok" }
        router.group("id").add(middleware: LineBearerMiddleware(accepting: .idTokens(idTokens)))
            .get("/") { _, context in context.lineUser?.userID ?? "" }
        router.group("id-cached").add(middleware: LineBearerMiddleware(accepting: .idTokens(cachedIDTokens)))
            .get("/") { _, context in context.lineUser?.userID ?? "" }
        router.group("access").add(middleware: LineBearerMiddleware(accepting: .accessTokens(accessTokens)))
            .get("/") { _, context in context.lineUser?.userID ?? "" }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await app.runService()
        await fixture.emulator.shutdown()
    }
}

/// A middleware that only calls the next responder: the framework's own cost of a middleware.
struct HummingbirdPassThrough: RouterMiddleware {
    typealias Context = LineRequestContext
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await next(request, context)
    }
}
