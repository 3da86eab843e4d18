#if Hummingbird && Emulator
import Foundation
import Hummingbird
import LineLoginHummingbird
import LineLoginServer
@testable import LineLoginServerTestSupport
import NIOCore

/// LineLoginHummingbird's web-login routes and session middleware on a router answering in process (no socket).
struct HummingbirdWebLoginFramework: WebLoginFramework {
    let name = "Hummingbird"

    func withSite(_ login: WebLogin, _ body: @escaping @Sendable (any SiteClient) async throws -> Void) async throws {
        let router = Router(context: LineRequestContext.self)
        router.add(middleware: LineSessionMiddleware(webLogin: login))
        router.get("/whoami") { _, context -> String in context.lineUser?.displayName ?? "signed out" }
        LineLoginRoutes(webLogin: login, afterLoginPath: "/whoami").register(on: router)
        try await body(Client(client: HummingbirdRouterClient(router)))
    }

    struct Client: SiteClient {
        let client: HummingbirdRouterClient<LineRequestContext>

        func send(_ method: String, _ path: String, headers: [(String, String)]) async throws -> SiteAnswer {
            var fields = HTTPFields()
            for (name, value) in headers {
                if let field = HTTPFields.Element.Name(name) { fields.append(HTTPFields.Element(name: field, value: value)) }
            }
            let answer = try await client.send(method == "POST" ? .post : .get, path, headers: fields)
            return SiteAnswer(
                status: Int(answer.status.code), headers: answer.headers.map { ($0.name.canonicalName, $0.value) },
                body: String(buffer: answer.body))
        }
    }
}
#endif
