import Foundation
import LineLoginEmulator
import LineLoginServer
import LineLoginVapor
import Vapor

/// `line-login-bench vapor-middleware-server --port P --tokens FILE`: the routes of `middleware-server`
/// (open, ID token without and with `VerifiedIDTokenCache`, access token with the cached verify) on Vapor
/// with LineLoginVapor's middleware, for the same load generator.
enum VaporMiddlewareServer {
    static func run(port: Int, tokensFile: String) async throws {
        let fixture = try await MiddlewareFixture.start(tokensFile: tokensFile)
        let (idTokens, cachedIDTokens, accessTokens) = (fixture.idTokens, fixture.cachedIDTokens, fixture.accessTokens)

        var environment = Environment(name: "production", arguments: ["vapor"])
        try LoggingSystem.bootstrap(from: &environment)
        let app = try await Application.make(environment)
        app.logger.logLevel = .error
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = port
        app.get("open") { _ in "ok" }
        // The same route behind an async middleware that does nothing: what Vapor's async bridging costs on
        // its own, so the rows can tell it from what LINE's middleware costs.
        app.grouped(VaporPassThrough()).get("open-middleware") { _ in "ok" }
        app.grouped(LineBearerMiddleware(accepting: .idTokens(idTokens))).get("id") { request in request.lineUser?.userID ?? "" }
        app.grouped(LineBearerMiddleware(accepting: .idTokens(cachedIDTokens))).get("id-cached") { request in
            request.lineUser?.userID ?? ""
        }
        app.grouped(LineBearerMiddleware(accepting: .accessTokens(accessTokens))).get("access") { request in
            request.lineUser?.userID ?? ""
        }
        try await app.execute()
        try await app.asyncShutdown()
        await fixture.emulator.shutdown()
    }
}

/// An `AsyncMiddleware` that only calls the next responder.
struct VaporPassThrough: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await next.respond(to: request)
    }
}
