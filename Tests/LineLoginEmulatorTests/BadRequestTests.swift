#if Emulator
import Foundation
@testable import LineLoginEmulator
import Testing

@Suite("Bad requests never crash or 500")
struct BadRequestTests {
    static let jsonEndpoints = ["/oauth2/v2.1/token", "/oauth2/v2.1/revoke", "/oauth2/v2.1/verify"]
    static let pageEndpoints = ["/oauth2/v2.1/login", "/oauth2/v2.1/consent"]

    /// Every error response: 4xx, a body, a request ID.
    static func expectWellFormedError(_ result: HTTPResult, _ context: String) {
        #expect((400..<500).contains(result.status), "\(context): \(result.status)")
        #expect(!result.body.isEmpty, "\(context): empty body")
        #expect(result.headers["x-line-request-id"]?.isEmpty == false, "\(context)")
    }

    static func expectOAuthError(_ result: HTTPResult, _ context: String, error: String = "invalid_request") {
        expectWellFormedError(result, context)
        #expect(result.string("error") == error, "\(context): \(result.text)")
        #expect(result.string("error_description")?.isEmpty == false, "\(context)")
    }

    @Test func tokenEndpointRejectsMalformedRequests() async throws {
        try await EmulatorHarness.with { harness in
            let client = harness.client
            let base = [
                ("grant_type", "authorization_code"), ("code", "c"), ("redirect_uri", harness.redirectURI),
                ("client_id", EmulatorHarness.channelID),
            ]
            for name in ["grant_type", "code", "redirect_uri", "client_id"] {
                let result = try await client.postForm("/oauth2/v2.1/token", base.filter { $0.0 != name })
                Self.expectOAuthError(result, "missing \(name)")
            }
            for name in ["refresh_token", "client_id"] {
                let form = [("grant_type", "refresh_token"), ("refresh_token", "r"), ("client_id", EmulatorHarness.channelID)]
                Self.expectOAuthError(
                    try await client.postForm("/oauth2/v2.1/token", form.filter { $0.0 != name }),
                    "refresh missing \(name)")
            }
            Self.expectOAuthError(try await client.postForm("/oauth2/v2.1/token", base + [("code", "d")]), "duplicated code")
            Self.expectOAuthError(
                try await client.postForm("/oauth2/v2.1/token", [("grant_type", "password")]),
                "unsupported grant",
                error: "unsupported_grant_type"
            )
            let json = try await client.send(
                "POST", "/oauth2/v2.1/token", headers: ["Content-Type": "application/json"],
                body: Data(#"{"grant_type":"authorization_code"}"#.utf8)
            )
            Self.expectOAuthError(json, "json body")
            let noType = try await client.send("POST", "/oauth2/v2.1/token", body: Data("grant_type=x".utf8))
            Self.expectWellFormedError(noType, "no content type")
            let badEscape = try await client.send(
                "POST", "/oauth2/v2.1/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("grant_type=%zz&code=%".utf8)
            )
            Self.expectOAuthError(badEscape, "bad escape")
            let binary = try await client.send(
                "POST", "/oauth2/v2.1/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data((0..<4096).map { _ in UInt8.random(in: 0...255) })
            )
            Self.expectWellFormedError(binary, "binary body")
            #expect(binary.string("error") != nil)
            let empty = try await client.send(
                "POST", "/oauth2/v2.1/token", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data()
            )
            Self.expectOAuthError(empty, "empty body")
        }
    }

    @Test func hugeBodiesAreRefusedEverywhere() async throws {
        try await EmulatorHarness.with { harness in
            let huge = Data(("grant_type=" + String(repeating: "a", count: 1 << 20)).utf8)
            for path in Self.jsonEndpoints + Self.pageEndpoints {
                let result = try await harness.client.send(
                    "POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: huge
                )
                Self.expectWellFormedError(result, "1 MiB to \(path)")
                #expect(result.status == 413, "\(path)")
                if Self.jsonEndpoints.contains(path) {
                    #expect(result.string("error") == "invalid_request")
                }
            }
            // Still serving afterwards.
            #expect(try await harness.client.get("/oauth2/v2.1/certs").status == 200)
        }
    }

    @Test func wrongMethodsGet405InTheEndpointsShape() async throws {
        try await EmulatorHarness.with { harness in
            let client = harness.client
            for (method, path) in [
                ("GET", "/oauth2/v2.1/token"), ("PUT", "/oauth2/v2.1/token"), ("GET", "/oauth2/v2.1/revoke"),
                ("DELETE", "/oauth2/v2.1/verify"), ("POST", "/.well-known/openid-configuration"),
                ("POST", "/oauth2/v2.1/certs"), ("DELETE", "/oauth2/v2.1/userinfo"),
            ] {
                let result = try await client.send(method, path)
                #expect(result.status == 405, "\(method) \(path)")
                Self.expectOAuthError(result, "\(method) \(path)")
                #expect(result.headers["allow"] != nil)
            }
            for (method, path) in [("POST", "/v2/profile"), ("POST", "/friendship/v1/status")] {
                let result = try await client.send(method, path)
                #expect(result.status == 405)
                #expect(result.string("message") != nil)
            }
            for (method, path) in [("POST", "/oauth2/v2.1/authorize"), ("GET", "/oauth2/v2.1/login"), ("GET", "/oauth2/v2.1/consent")] {
                let result = try await client.send(method, path)
                #expect(result.status == 405, "\(method) \(path)")
                #expect(result.headers["content-type"]?.hasPrefix("text/html") == true)
            }
        }
    }

    @Test func unknownPathsGet404() async throws {
        try await EmulatorHarness.with { harness in
            // `/` is the dashboard (DashboardTests).
            for path in ["/nope", "/oauth2/v2.1/token/extra", "/v2/profile/", "/oauth2/v2.1/"] {
                let result = try await harness.client.get(path)
                #expect(result.status == 404, "\(path)")
                #expect(result.text == #"{"message":"Not found"}"#)
                #expect(result.headers["x-line-request-id"] != nil)
            }
        }
    }

    @Test func revokeAndVerifyRejectMalformedRequests() async throws {
        try await EmulatorHarness.with { harness in
            let client = harness.client
            Self.expectOAuthError(
                try await client.send("GET", "/oauth2/v2.1/verify", rawQuery: "access_token=a&access_token=b"),
                "duplicated access_token"
            )
            Self.expectOAuthError(try await client.send("GET", "/oauth2/v2.1/verify", rawQuery: "access_token=%G0"), "bad escape")
            Self.expectOAuthError(try await client.postForm("/oauth2/v2.1/verify", []), "empty verify")
            Self.expectOAuthError(
                try await client.postForm("/oauth2/v2.1/verify", [("id_token", "x"), ("client_id", "1"), ("client_id", "2")]),
                "duplicated client_id"
            )
            Self.expectOAuthError(
                try await client.send("POST", "/oauth2/v2.1/revoke", headers: ["Content-Type": "text/plain"], body: Data("x".utf8)),
                "revoke text/plain"
            )
            Self.expectOAuthError(
                try await client.postForm(
                    "/oauth2/v2.1/revoke",
                    [
                        ("access_token", "a"), ("access_token", "b"),
                        ("client_id", EmulatorHarness.channelID),
                    ]),
                "revoke duplicated"
            )
        }
    }

    @Test func pagesRejectMalformedRequests() async throws {
        try await EmulatorHarness.with { harness in
            let client = harness.client
            for path in Self.pageEndpoints {
                for form in [[], [("session", "nope")], [("session", String(repeating: "0", count: 64)), ("action", "allow")]] {
                    let result = try await client.postForm(path, form)
                    #expect(result.status == 400, "\(path) \(form)")
                    #expect(result.headers["location"] == nil)
                    #expect(result.headers["content-type"]?.hasPrefix("text/html") == true)
                }
                let garbage = try await client.send(
                    "POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data([0xff, 0xfe, 0x25])
                )
                Self.expectWellFormedError(garbage, "garbage to \(path)")
            }
            let page = try await client.get("/oauth2/v2.1/authorize", query: harness.authorizeQuery())
            let session = try #require(EmulatorHarness.sessionID(in: page.text))
            let weird = try await client.postForm("/oauth2/v2.1/login", [("session", session), ("action", "dance")])
            #expect(weird.status == 400)
            let twice = try await client.postForm("/oauth2/v2.1/login", [("session", session), ("session", session)])
            #expect(twice.status == 400)
            let malformedQuery = try await client.send("GET", "/oauth2/v2.1/authorize", rawQuery: "client_id=%zz")
            #expect(malformedQuery.status == 400)
            #expect(malformedQuery.headers["location"] == nil)
        }
    }
}

/// Input is reflected into a redirect or a page only up to ``ReflectedInput``'s bounds.
@Suite struct ReflectedInputTests {
    @Test func aSeventyKilobyteQueryIsRefusedWith414() async throws {
        try await EmulatorHarness.with { harness in
            let query = harness.authorizeQuery(state: String(repeating: "s", count: 70_000))
            let result = try await harness.client.get("/oauth2/v2.1/authorize", query: query)
            #expect(result.status == 414)
            #expect(result.headers["location"] == nil)
            #expect(result.body.count < 4096)
        }
    }

    @Test func anOverLongStateIsRefusedAndNotSentBack() async throws {
        try await EmulatorHarness.with { harness in
            let query = harness.authorizeQuery(state: String(repeating: "s", count: 4000))
            let result = try await harness.client.get("/oauth2/v2.1/authorize", query: query)
            #expect(result.status == 302)
            #expect(result.locationQuery["error"] == "INVALID_REQUEST")
            #expect(result.locationQuery["state"] == nil)
            #expect((result.headers["location"] ?? "").utf8.count < 1024)
        }
    }

    @Test func aQuotedParameterIsCutInTheErrorDescription() async throws {
        try await EmulatorHarness.with { harness in
            let query = harness.authorizeQuery(scope: "openid " + String(repeating: "x", count: 6000), state: "kept")
            let result = try await harness.client.get("/oauth2/v2.1/authorize", query: query)
            #expect(result.locationQuery["error"] == "invalid_scope")
            #expect(result.locationQuery["state"] == "kept")
            let description = try #require(result.locationQuery["error_description"])
            #expect(description.utf8.count <= 256)
            #expect(description.hasPrefix("unknown scope: xxx"))
        }
    }

    @Test func clippingKeepsWholeCharactersWithinTheBound() {
        let text = String(repeating: "é漢", count: 500)
        let clipped = ReflectedInput.clipped(text, as: .description)
        #expect(clipped.utf8.count <= ReflectedInput.Kind.description.maximumBytes)
        #expect(clipped.hasSuffix("…"))
        #expect(ReflectedInput.clipped("short", as: .description) == "short")
        #expect(ReflectedInput.fits(String(repeating: "a", count: 1024), as: .state))
        #expect(!ReflectedInput.fits(String(repeating: "a", count: 1025), as: .state))
    }
}
#endif
