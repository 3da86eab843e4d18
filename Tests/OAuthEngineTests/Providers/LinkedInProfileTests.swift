import Foundation
import Testing
@testable import OAuthEngine

/// LinkedIn's profile: endpoints, client authentication, algorithms, issuer, the tutorial's flow.
@Suite("Provider profiles: LinkedIn")
struct LinkedInProfileTests {
    @Test("the standard profile: LinkedIn's endpoints, client_secret_post, RS256 only")
    func standardConfiguration() throws {
        let configuration = try ProviderProfile.linkedIn().configuration(clientID: "86abc", clientSecret: "s3cret")
        #expect(configuration.endpoints.issuer == "https://www.linkedin.com/oauth")
        #expect(configuration.endpoints.authorizationEndpoint.absoluteString == "https://www.linkedin.com/oauth/v2/authorization")
        #expect(configuration.endpoints.tokenEndpoint.absoluteString == "https://www.linkedin.com/oauth/v2/accessToken")
        #expect(configuration.endpoints.revocationEndpoint?.absoluteString == "https://www.linkedin.com/oauth/v2/revoke")
        #expect(configuration.endpoints.introspectionEndpoint?.absoluteString == "https://www.linkedin.com/oauth/v2/introspectToken")
        #expect(configuration.endpoints.userinfoEndpoint?.absoluteString == "https://api.linkedin.com/v2/userinfo")
        #expect(configuration.endpoints.jwksURI?.absoluteString == "https://www.linkedin.com/oauth/openid/jwks")
        #expect(configuration.clientAuthentication == .clientSecretPost)
        #expect(configuration.idTokenAlgorithms == [.rs256])
        #expect(!configuration.usesPKCE)
        #expect(!configuration.usesNonce)
        try configuration.validate()
        #expect(ProviderProfile.linkedIn().defaultScopes == ["openid", "profile", "email"])
    }

    @Test("the native-PKCE profile: its own endpoint, PKCE, no secret, loopback only")
    func nativeConfiguration() throws {
        let profile = ProviderProfile.linkedIn(nativePKCE: true)
        let configuration = try profile.configuration(clientID: "86abc", clientSecret: nil)
        #expect(configuration.endpoints.authorizationEndpoint.absoluteString == "https://www.linkedin.com/oauth/native-pkce/authorization")
        #expect(configuration.clientAuthentication == ClientAuthentication.none)
        #expect(configuration.usesPKCE)
        #expect(!configuration.usesNonce)
        #expect(profile.requiresLoopbackRedirect)
        #expect(!ProviderProfile.linkedIn().requiresLoopbackRedirect)
        try configuration.validate()
    }

    @Test("the tutorial's code exchange: form POST with code, redirect_uri, client_id and client_secret; no Basic header")
    func tutorialExchange() async throws {
        let (client, server) = try ProfileFixtures.make(.linkedIn())
        _ = try await client.signIn(scopes: ["openid", "profile", "email"], userAgent: ProviderTestAgent(server: server))
        let token = try #require(server.requests(to: client.configuration.endpoints.tokenEndpoint).first)
        let form = ProfileFixtures.form(token)
        #expect(token.method == "POST")
        #expect(token.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(form["grant_type"] == "authorization_code")
        #expect(form["code"] == "code-1")
        #expect(form["redirect_uri"] == ProviderTestAgent.redirectURI.absoluteString)
        #expect(form["client_id"] == ProfileFixtures.clientID)
        #expect(form["client_secret"] == ProfileFixtures.secret)
        #expect(token.headers["Authorization"] == nil)
    }

    @Test("60-day tokens without token_type: stored as Bearer, expiring in 5184000 s")
    func sixtyDayToken() async throws {
        var behaviour = ProviderTestServer.Behaviour()
        behaviour.sendTokenType = false
        behaviour.expiresIn = 5_184_000
        let (client, server) = try ProfileFixtures.make(.linkedIn(), behaviour: behaviour)
        let result = try await client.signIn(scopes: ["openid", "profile", "email"], userAgent: ProviderTestAgent(server: server))
        #expect(result.tokens.tokenType == "Bearer")
        #expect(abs(result.tokens.expiresAt.timeIntervalSince(result.tokens.issuedAt) - 5_184_000) < 1)
    }

    @Test("the issuer is configurable, and a mismatch is reported precisely (never skipped)")
    func issuerChange() async throws {
        var behaviour = ProviderTestServer.Behaviour()
        behaviour.idTokenIssuer = LinkedInProvider.legacyIssuer
        let (client, server) = try ProfileFixtures.make(.linkedIn(), behaviour: behaviour)
        let expected = OAuthError.idToken(.issuerMismatch(expected: LinkedInProvider.issuer, actual: LinkedInProvider.legacyIssuer))
        await #expect(throws: expected) {
            _ = try await client.signIn(scopes: ["openid"], userAgent: ProviderTestAgent(server: server))
        }
        let explanation = LinkedInProvider.explain(
            .issuerMismatch(expected: LinkedInProvider.issuer, actual: LinkedInProvider.legacyIssuer))
        #expect(explanation?.contains("https://www.linkedin.com but https://www.linkedin.com/oauth was configured") == true)
        #expect(LinkedInProvider.explain(.expired) == nil)

        // Trusting the legacy issuer explicitly works.
        let (legacy, legacyServer) = try ProfileFixtures.make(.linkedIn(issuer: LinkedInProvider.legacyIssuer), behaviour: behaviour)
        let result = try await legacy.signIn(scopes: ["openid"], userAgent: ProviderTestAgent(server: legacyServer))
        #expect(result.idTokenClaims?.issuer == LinkedInProvider.legacyIssuer)
    }

    @Test("an ES256 ID token is refused: LinkedIn signs with RS256 only")
    func rs256Only() async throws {
        let endpoints = LinkedInProvider.endpoints()
        let server = ProviderTestServer(endpoints: endpoints, clientID: ProfileFixtures.clientID, algorithm: .es256)
        let client = try OAuthClient(
            profile: .linkedIn(), clientID: ProfileFixtures.clientID, clientSecret: ProfileFixtures.secret,
            store: MemoryTokenStore(), transport: server)
        do {
            _ = try await client.signIn(scopes: ["openid"], userAgent: ProviderTestAgent(server: server))
            Issue.record("an ES256 token was accepted")
        } catch {
            #expect(error == .idToken(.jose(.algorithmNotAllowed("ES256"))))
        }
    }

    @Test("userinfo: locale is an object; the sub check still applies")
    func userinfo() async throws {
        var behaviour = ProviderTestServer.Behaviour()
        behaviour.userinfo = [
            "name": .string("Ada Lovelace"), "given_name": .string("Ada"), "family_name": .string("Lovelace"),
            "picture": .string("https://media.licdn.com/ada.jpg"), "email": .string("ada@example.com"), "email_verified": .bool(true),
            "locale": .object(["country": .string("GB"), "language": .string("en")]),
        ]
        let (client, server) = try ProfileFixtures.make(.linkedIn(), behaviour: behaviour)
        _ = try await client.signIn(scopes: ["openid", "profile", "email"], userAgent: ProviderTestAgent(server: server))
        let me = LinkedInUserInfo(claims: try await client.userinfo())
        #expect(me.subject == ProviderTestServer.subject)
        #expect(me.givenName == "Ada")
        #expect(me.familyName == "Lovelace")
        #expect(me.emailVerified == true)
        #expect(me.locale == LinkedInLocale(country: "GB", language: "en"))
        #expect(me.locale?.identifier == "en-GB")
        #expect(me.picture?.host == "media.licdn.com")

        behaviour.userinfo["sub"] = .string("someone-else")
        server.behaviour = behaviour
        await #expect(throws: OAuthError.idToken(.subjectMismatch)) { _ = try await client.userinfo() }
    }

    @Test("LinkedInLocale reads the object, and OIDC-style strings")
    func locale() {
        #expect(LinkedInLocale(.object(["country": .string("US"), "language": .string("en")]))?.identifier == "en-US")
        #expect(LinkedInLocale(.string("de_DE")) == LinkedInLocale(country: "DE", language: "de"))
        #expect(LinkedInLocale(.string("fr")) == LinkedInLocale(country: nil, language: "fr"))
        #expect(LinkedInLocale(.number(1)) == nil)
        #expect(LinkedInLocale(nil) == nil)
        #expect(LinkedInUserInfo(claims: ["sub": .string("x"), "email_verified": .string("false")]).emailVerified == false)
    }
}
