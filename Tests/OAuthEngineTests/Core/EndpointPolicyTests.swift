import Foundation
@testable import OAuthEngine
import Testing

/// `https` everywhere; plain `http` only on loopback.
@Suite struct EndpointPolicyTests {
    @Test(arguments: [
        "https://access.line.me/oauth2/v2.1/authorize", "https://example.com", "HTTPS://EXAMPLE.COM/x",
        "https://127.0.0.1:8443/", "https://[2001:db8::1]/token",
    ])
    func httpsIsAllowed(url: String) {
        #expect(EndpointPolicy.isAllowed(URL(string: url)!))
    }

    @Test(arguments: [
        "http://127.0.0.1/callback", "http://127.0.0.1:53682/callback", "http://127.5.6.7:8080/",
        "http://127.255.255.255/", "http://[::1]:8080/callback", "http://[::1]/",
        "HTTP://127.0.0.1/",
    ])
    func plainHTTPOnLoopbackIsAllowed(url: String) {
        #expect(EndpointPolicy.isAllowed(URL(string: url)!))
    }

    @Test(arguments: [
        "http://example.com", "http://example.com:80/token", "http://127.0.0.1.evil.com/",
        "http://127.0.0.1.nip.io/", "http://localhost.evil.com/", "http://localhost:3000/", "HTTP://LOCALHOST/", "http://128.0.0.1/",
        "http://10.0.0.1/",
        "http://0.0.0.0/", "http://[::2]/", "http://[::ffff:7f00:1]/", "http://127.0.0/", "http://127.0.0.1.5/",
        "http://127.0.0.256/", "http://evil.com#@127.0.0.1/", "http://127.1/",
        "ftp://127.0.0.1/", "file:///etc/passwd", "javascript:alert(1)", "myapp://callback", "https:///nohost",
    ])
    func everythingElseIsRefused(url: String) {
        guard let parsed = URL(string: url) else { return }
        #expect(!EndpointPolicy.isAllowed(parsed))
    }

    @Test func checkThrowsANamedError() {
        let url = URL(string: "http://api.example.com/token")!
        #expect(throws: EndpointPolicyError(endpoint: "token_endpoint", url: url)) {
            try EndpointPolicy.check(url, name: "token_endpoint")
        }
    }

    @Test func configurationRefusesPlainHTTPNonLoopbackEndpoints() {
        let http = URL(string: "http://api.issuer.example/x")!
        let setters: [(inout ProviderConfiguration) -> Void] = [
            { $0.endpoints.authorizationEndpoint = http }, { $0.endpoints.tokenEndpoint = http }, { $0.endpoints.jwksURI = http },
            { $0.endpoints.userinfoEndpoint = http }, { $0.endpoints.revocationEndpoint = http },
            { $0.endpoints.introspectionEndpoint = http },
        ]
        for set in setters {
            var configuration = CoreFixtures.configuration()
            set(&configuration)
            #expect(throws: OAuthError.self) { try configuration.validate() }
        }
        // Loopback (the emulator) is fine.
        var loopback = CoreFixtures.configuration()
        loopback.endpoints.tokenEndpoint = URL(string: "http://127.0.0.1:8080/oauth2/v2.1/token")!
        loopback.endpoints.authorizationEndpoint = URL(string: "http://[::1]:8080/oauth2/v2.1/authorize")!
        #expect(throws: Never.self) { try loopback.validate() }
        #expect(throws: Never.self) { try CoreFixtures.configuration().validate() }
    }

    @Test func configurationRefusesSecretAuthenticationWithoutASecret() {
        for method in [ClientAuthentication.clientSecretPost, .clientSecretBasic] {
            let configuration = CoreFixtures.configuration(clientSecret: nil, authentication: method)
            #expect(throws: OAuthError.configuration("\(method.rawValue) needs a client secret")) { try configuration.validate() }
        }
        #expect(throws: Never.self) { try CoreFixtures.configuration(clientSecret: "s", authentication: .clientSecretPost).validate() }
        // Without PKCE a secret is required.
        #expect(throws: OAuthError.self) { try CoreFixtures.configuration(quirks: .pkceUnsupported).validate() }
    }

    @Test func configurationDescriptionHidesTheSecret() {
        let configuration = CoreFixtures.configuration(clientSecret: CoreFixtures.secret, authentication: .clientSecretPost)
        for text in [String(describing: configuration), String(reflecting: configuration)] {
            #expect(!text.contains(CoreFixtures.secret))
        }
    }
}
