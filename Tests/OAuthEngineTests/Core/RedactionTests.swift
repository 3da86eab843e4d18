@testable import ClientTestSupport
import Foundation
@testable import OAuthEngine
import Testing

/// Tokens, codes and verifiers never show up in bodies kept in errors, in descriptions or in error messages.
@Suite struct RedactionTests {
    static let secrets = [
        "AT-SECRET-VALUE", "RT-SECRET-VALUE", "ID-SECRET-VALUE", "CODE-SECRET-VALUE", "VERIFIER-SECRET-VALUE",
        "CLIENT-SECRET-VALUE", "NESTED-SECRET-VALUE", "LIST-SECRET-VALUE",
    ]

    static func leaks(_ text: String) -> [String] {
        secrets.filter { text.contains($0) }
    }

    static var jsonBody: [String: Any] {
        [
            "access_token": "AT-SECRET-VALUE", "refresh_token": "RT-SECRET-VALUE", "id_token": "ID-SECRET-VALUE",
            "code": "CODE-SECRET-VALUE", "token_type": "Bearer", "expires_in": 3600,
            "nested": ["access_token": "NESTED-SECRET-VALUE", "kept": "visible"],
            "list": [["refresh_token": "LIST-SECRET-VALUE"]],
        ]
    }

    @Test func jsonBodyIsRedacted() throws {
        let body = try JSONSerialization.data(withJSONObject: Self.jsonBody)
        let redacted = BodyRedactor.redact(body)
        #expect(Self.leaks(redacted).isEmpty, "\(redacted)")
        #expect(redacted.contains("redacted"))
        #expect(redacted.contains("Bearer"))
        #expect(redacted.contains("visible"))
        #expect(redacted.contains("access_token"))
    }

    @Test func formBodyIsRedacted() {
        let form = FormEncoding.encode([
            ("grant_type", "authorization_code"), ("code", "CODE-SECRET-VALUE"), ("redirect_uri", "https://app.example/cb"),
            ("code_verifier", "VERIFIER-SECRET-VALUE"), ("client_id", "1234567890"), ("client_secret", "CLIENT-SECRET-VALUE"),
            ("refresh_token", "RT-SECRET-VALUE"), ("access_token", "AT-SECRET-VALUE"),
        ])
        let redacted = BodyRedactor.redact(Data(form.utf8))
        #expect(Self.leaks(redacted).isEmpty, "\(redacted)")
        #expect(redacted.contains("grant_type=authorization_code"))
        #expect(redacted.contains("client_id=1234567890"))
    }

    @Test func jwtLikeWordsInFreeTextAreRedacted() {
        let jwt = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJVMTIzIn0.c2lnbmF0dXJlc2lnbmF0dXJl"
        let redacted = BodyRedactor.redact(Data("upstream said: bad token \(jwt) sorry".utf8))
        #expect(!redacted.contains(jwt))
        #expect(redacted.contains("upstream said"))
        #expect(BodyRedactor.redact(Data(String(repeating: "x", count: 10_000).utf8)).utf8.count <= 4096 + 3)
        #expect(BodyRedactor.redact(Data()) == "")
    }

    @Test func tokenSetDescriptionsHideTokens() {
        let tokens = TokenSet(
            accessToken: "AT-SECRET-VALUE", refreshToken: "RT-SECRET-VALUE", idToken: "ID-SECRET-VALUE",
            scopes: ["openid"], issuedAt: Date(), expiresAt: Date())
        for text in [
            tokens.description, tokens.debugDescription, String(describing: tokens), String(reflecting: tokens), "\(tokens)",
            "\([tokens])", "\(Optional(tokens) as Any)",
        ] {
            #expect(Self.leaks(text).isEmpty, "\(text)")
        }
    }

    @Test func tokenResponseDescriptionHidesTokens() throws {
        let response = try TokenResponse(
            response: .json(
                200,
                [
                    "access_token": "AT-SECRET-VALUE", "refresh_token": "RT-SECRET-VALUE",
                    "id_token": "ID-SECRET-VALUE", "token_type": "Bearer",
                ]), quirks: [])
        for text in [String(describing: response), String(reflecting: response), "\(response)"] {
            #expect(Self.leaks(text).isEmpty, "\(text)")
        }
    }

    @Test func authorizationResponseAndPKCEDescriptionsHideSecrets() throws {
        let pkce = PKCE(verifier: "VERIFIER-SECRET-VALUE")
        for text in [String(describing: pkce), String(reflecting: pkce), "\(pkce)"] {
            #expect(Self.leaks(text).isEmpty, "\(text)")
            #expect(text.contains(pkce.challenge))
        }
        let request = AuthorizationRequest(
            endpoint: CoreFixtures.authorizationEndpoint, clientID: CoreFixtures.clientID,
            redirectURI: CoreFixtures.redirectURI, scopes: ["openid"], generateNonce: true)
        let response = try AuthorizationResponse(
            url: URL(string: "https://app.example/callback?code=CODE-SECRET-VALUE&state=\(request.state)")!,
            request: request, issuer: nil)
        for text in [String(describing: response), String(reflecting: response), "\(response)"] {
            #expect(Self.leaks(text).isEmpty, "\(text)")
        }
    }

    @Test func errorMessagesHideTokens() throws {
        let body = try JSONSerialization.data(withJSONObject: Self.jsonBody)
        var errors: [OAuthError] = [
            .server(ServerError(response: HTTPResponse(statusCode: 400, body: body))),
            .invalidResponse(ServerError(response: HTTPResponse(statusCode: 200, body: body))),
            .server(ServerError(response: HTTPResponse(statusCode: 500, body: Data("code=CODE-SECRET-VALUE&error=x".utf8)))),
        ]
        // A refused token response (wrong token_type) carries its body: redacted.
        do {
            _ = try TokenResponse(
                response: .json(200, ["access_token": "AT-SECRET-VALUE", "refresh_token": "RT-SECRET-VALUE", "token_type": "mac"]),
                quirks: [])
            Issue.record("mac was accepted")
        } catch {
            errors.append(error)
        }
        for error in errors {
            for text in ["\(error)", String(describing: error), String(reflecting: error), error.localizedDescription] {
                #expect(Self.leaks(text).isEmpty, "\(text)")
            }
        }
    }

    @Test func tokenEndpointErrorThroughTheClientHidesTheCodeAndVerifier() async throws {
        // The server echoes the request (some do): the error must not carry the code or verifier.
        let transport = ScriptedTransport { request in HTTPResponse(statusCode: 400, body: request.body ?? Data()) }
        let client = TokenClient(
            configuration: CoreFixtures.configuration(clientSecret: "CLIENT-SECRET-VALUE", authentication: .clientSecretPost),
            transport: transport)
        do {
            _ = try await client.exchange(
                code: "CODE-SECRET-VALUE", redirectURI: CoreFixtures.redirectURI, codeVerifier: "VERIFIER-SECRET-VALUE")
            Issue.record("expected an error")
        } catch {
            #expect(Self.leaks("\(error)").isEmpty, "\(error)")
            #expect(Self.leaks(String(reflecting: error)).isEmpty)
        }
    }

    @Test func requestDescriptionHidesQueryAndBody() {
        let bearer = HTTPRequest.bearer(
            url: URL(string: "https://api.example/v2/profile?access_token=AT-SECRET-VALUE")!, accessToken: "RT-SECRET-VALUE")
        let form = HTTPRequest.form(url: CoreFixtures.tokenEndpoint, fields: [("code", "CODE-SECRET-VALUE")])
        for text in [String(describing: bearer), String(reflecting: bearer), String(describing: form), String(reflecting: form)] {
            #expect(Self.leaks(text).isEmpty, "\(text)")
        }
    }
}

@Suite struct FreeTextRedactionTests {
    static let jws = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJVMTIzNDU2Nzg5MCJ9.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU"
    static let jwe = "eyJhbGciOiJSU0EtT0FFUCJ9.a2V5a2V5a2V5.aXZpdml2.Y2lwaGVydGV4dGNpcGhlcnRleHQ.dGFndGFndGFn"
    static let opaque = "Zk3x9Q2mLr8Vt7Yw5Pn4Hs6Jd1Kc0Ba9Xe8Uf7Ig6Oh"

    @Test(arguments: [
        "bad token:\(jws)", "(\(jws))", "token=\"\(jws)\"\nnext line", "JWE \(jwe) refused", "opaque:\(opaque);",
        "\(jws),\(opaque)",
    ])
    func tokensNextToAnyPunctuationAreRedacted(text: String) {
        let redacted = BodyRedactor.redact(Data(text.utf8))
        #expect(!redacted.contains(Self.jws) && !redacted.contains(Self.jwe) && !redacted.contains(Self.opaque), "\(redacted)")
        #expect(redacted.contains("redacted"))
    }

    @Test func ordinaryTextStays() {
        let text = "invalid_request: the redirect_uri https://app.example.com/auth/callback is not registered (see docs.line.me)."
        #expect(BodyRedactor.redact(Data(text.utf8)) == text)
    }
}
