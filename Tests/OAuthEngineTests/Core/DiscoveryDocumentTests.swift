@testable import ClientTestSupport
import Foundation
@testable import OAuthEngine
import Testing

/// Discovery: the document's `issuer` must equal the configured one exactly.
@Suite struct DiscoveryDocumentTests {
    static func document(issuer: String = CoreFixtures.issuer, tokenEndpoint: String = "https://api.issuer.example/oauth2/token")
        -> [String: Any]
    {
        [
            "issuer": issuer,
            "authorization_endpoint": "https://issuer.example/oauth2/authorize",
            "token_endpoint": tokenEndpoint,
            "jwks_uri": "https://api.issuer.example/oauth2/certs",
            "userinfo_endpoint": "https://api.issuer.example/oauth2/userinfo",
            "response_types_supported": ["code"],
            "id_token_signing_alg_values_supported": ["ES256"],
            "code_challenge_methods_supported": ["S256"],
            "an_unknown_field": ["ignored": true],
        ]
    }

    func fetch(_ response: HTTPResponse, issuer: String = CoreFixtures.issuer) async -> (
        Result<DiscoveryDocument, OAuthError>, ScriptedTransport
    ) {
        let transport = ScriptedTransport { _ in response }
        do {
            return (.success(try await DiscoveryDocument.fetch(issuer: issuer, transport: transport)), transport)
        } catch {
            return (.failure(error), transport)
        }
    }

    @Test func fetchesTheWellKnownDocument() async throws {
        let (result, transport) = await fetch(.json(200, Self.document()))
        let document = try result.get()
        #expect(document.issuer == CoreFixtures.issuer)
        #expect(document.tokenEndpoint == CoreFixtures.tokenEndpoint)
        #expect(document.idTokenSigningAlgValuesSupported == ["ES256"])
        #expect(transport.requests.first?.url.absoluteString == "https://issuer.example/.well-known/openid-configuration")
        #expect(transport.requests.first?.method == "GET")
    }

    @Test(arguments: ["https://evil.example", "https://issuer.example/", "https://ISSUER.example", "https://issuer.example/tenant"])
    func issuerMismatchIsRefused(documentIssuer: String) async {
        let (result, _) = await fetch(.json(200, Self.document(issuer: documentIssuer)))
        guard case .failure(.configuration(let message)) = result else {
            Issue.record("expected a configuration error, got \(result)")
            return
        }
        #expect(message.contains("issuer"))
    }

    @Test func nonJSONIsInvalidResponse() async {
        for body in ["<html>hello</html>", "", "{\"issuer\": 3}", "[]"] {
            let (result, _) = await fetch(.text(200, body))
            guard case .failure(.invalidResponse) = result else {
                Issue.record("expected invalidResponse for \(body), got \(result)")
                continue
            }
        }
    }

    @Test func notFoundIsAServerError() async {
        let (result, _) = await fetch(.text(404, "not found"))
        guard case .failure(.server(let server)) = result else {
            Issue.record("expected a server error, got \(result)")
            return
        }
        #expect(server.statusCode == 404)
    }

    @Test func transportFailureIsReported() async {
        let transport = ScriptedTransport { _ in throw TransportError.connectionFailed("refused") }
        await #expect(throws: OAuthError.transport(.connectionFailed("refused"))) {
            try await DiscoveryDocument.fetch(issuer: CoreFixtures.issuer, transport: transport)
        }
    }

    @Test func plainHTTPIssuerIsNotFetched() async {
        let transport = ScriptedTransport { _ in .json(200, Self.document(issuer: "http://issuer.example")) }
        await #expect(throws: OAuthError.self) { try await DiscoveryDocument.fetch(issuer: "http://issuer.example", transport: transport) }
        #expect(transport.totalCount == 0)
    }

    @Test func plainHTTPEndpointInTheDocumentIsRefused() async throws {
        let response = HTTPResponse.json(200, Self.document(tokenEndpoint: "http://api.issuer.example/oauth2/token"))
        // The client built from discovery refuses it (its configuration is validated).
        await #expect(throws: OAuthError.self) {
            try await OAuthClient.discover(
                issuer: CoreFixtures.issuer, clientID: CoreFixtures.clientID, clientSecret: nil,
                profile: .genericOIDC, store: MemoryTokenStore(),
                transport: ScriptedTransport { _ in response })
        }
        // DiscoveryDocument.fetch documents "endpoints allowed" among its checks.
        let (result, _) = await fetch(response)
        guard case .failure = result else {
            Issue.record("fetch accepted a plain-http token_endpoint")
            return
        }
    }
}
