#if Hummingbird && Emulator
import Foundation
import Hummingbird
import HummingbirdTesting
import LineLoginHummingbird
import LineLoginServer
@testable import LineLoginServerTestSupport
import NIOCore

/// LineLoginHummingbird's web-login routes and session middleware in HummingbirdTesting's in-process router.
struct HummingbirdWebLoginFramework: WebLoginFramework {
    let name = "Hummingbird"

    func withSite(_ login: WebLogin, _ body: @escaping @Sendable (any SiteClient) async throws -> Void) async throws {
        let router = Router(context: LineRequestContext.self)
        router.add(middleware: LineSessionMiddleware(webLogin: login))
        router.get("/whoami") { _, context -> String in context.lineUser?.displayName ?? "signed out" }
        LineLoginRoutes(webLogin: login, afterLoginPath: "/whoami").register(on: router)
        try await Application(router: router).test(.router) { client in try await body(Client(client: client)) }
    }

    struct Client: SiteClient {
        let client: any TestClientProtocol

        func send(_ method: String, _ path: String, headers: [(String, String)]) async throws -> SiteAnswer {
            var fields = HTTPFields()
            for (name, value) in headers {
                if let field = HTTPFields.Element.Name(name) { fields.append(HTTPFields.Element(name: field, value: value)) }
            }
            let response = try await client.execute(uri: path, method: method == "POST" ? .post : .get, headers: fields)
            return SiteAnswer(
                status: Int(response.status.code), headers: response.headers.map { ($0.name.canonicalName, $0.value) },
                body: String(buffer: response.body))
        }
    }
}
#endif
