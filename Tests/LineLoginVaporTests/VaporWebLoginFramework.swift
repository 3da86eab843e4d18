#if Vapor && Emulator
import Foundation
import LineLoginServer
@testable import LineLoginServerTestSupport
import LineLoginVapor
import Testing
import Vapor
import VaporTesting

/// LineLoginVapor's web-login routes and session middleware in Vapor's in-memory tester (no socket).
struct VaporWebLoginFramework: WebLoginFramework {
    let name = "Vapor"

    func withSite(_ login: WebLogin, _ body: @escaping @Sendable (any SiteClient) async throws -> Void) async throws {
        try await withApp { app in
            app.middleware.use(LineSessionMiddleware(webLogin: login))
            app.get("whoami") { request in request.lineUser?.displayName ?? "signed out" }
            try app.register(collection: LineLoginRoutes(webLogin: login, afterLoginPath: "/whoami"))
            try await body(Client(tester: try app.testing()))
        }
    }

    // @unchecked: Vapor's `TestingApplicationTester` is not Sendable, and `SiteClient` must be; the tester is
    // used by one test task at a time, never shared.
    struct Client: SiteClient, @unchecked Sendable {
        let tester: any TestingApplicationTester

        func send(_ method: String, _ path: String, headers: [(String, String)]) async throws -> SiteAnswer {
            var requestHeaders = HTTPHeaders()
            for (name, value) in headers { requestHeaders.add(name: name, value: value) }
            let response = try await tester.sendRequest(method == "POST" ? .POST : .GET, path, headers: requestHeaders)
            return SiteAnswer(
                status: Int(response.status.code), headers: response.headers.map { ($0.name.lowercased(), $0.value) },
                body: String(buffer: response.body))
        }
    }
}

@Suite(.serialized) struct WebLoginRouteTests {
    @Test func theWebLoginRoutesOnVapor() async throws {
        try await WebLoginRouteCases.check(VaporWebLoginFramework())
    }
}
#endif
