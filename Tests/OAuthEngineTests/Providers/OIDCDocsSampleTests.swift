import Foundation
import Testing
@testable import OAuthEngine

/// The code of docs/oidc.md, compiled as written (the LinkedIn and issuer samples talk to real
/// providers, so they are compiled, not called), and the same steps run against the fake provider.
@Suite("docs/oidc.md samples")
struct OIDCDocsSampleTests {
    // Compiled only: LinkedIn's tutorial steps as docs/oidc.md shows them.
    func linkedInSample() async throws {
        let linkedIn = try OAuthClient(
            profile: .linkedIn(),
            clientID: "86abcdefghijkl",
            clientSecret: ProcessInfo.processInfo.environment["LINKEDIN_CLIENT_SECRET"],
            store: FileTokenStore(directory: FileTokenStore.defaultDirectory(), key: "linkedin-86abcdefghijkl"))
        let agent = LoopbackUserAgent(port: 8400)
        let result = try await linkedIn.signIn(scopes: ["openid", "profile", "email"], userAgent: agent)
        print(result.idTokenClaims?.name ?? "", result.tokens.expiresAt)
        let me = LinkedInUserInfo(claims: try await linkedIn.userinfo())
        print(me.name ?? "", me.email ?? "", me.locale?.identifier ?? "")
        let response = try await linkedIn.get(URL(string: "https://api.linkedin.com/v2/userinfo")!)
        print(response.statusCode, String(decoding: response.body, as: UTF8.self))
        try await linkedIn.signOut()
    }

    // Compiled only: the generic issuer steps.
    func genericSample() async throws {
        let company = try await OAuthClient.discover(
            issuer: "https://id.example.com/realms/staff",
            clientID: "desktop-app",
            clientSecret: nil,
            profile: .genericOIDC,
            store: FileTokenStore(directory: FileTokenStore.defaultDirectory(), key: "staff-desktop-app"))
        _ = try await company.signIn(scopes: ["openid", "profile", "email"], userAgent: LoopbackUserAgent(port: 8401))
        _ = try await company.get(URL(string: "https://api.example.com/me")!)
        _ = try await company.userinfo()
        try await company.refresh()
        let state = try await company.introspect()
        print(state.isActive)
        try await company.revoke(.accessToken)
        try await company.revoke(.refreshToken)
        try await company.signOut()
    }

    @Test("the tutorial's steps run end to end with explicit endpoints")
    func stepsAgainstFakeProvider() async throws {
        let server = ProviderTestServer(endpoints: ProfileFixtures.testEndpoints, clientID: "desktop-app", algorithm: .rs256)
        let client = try OAuthClient(
            profile: .genericOIDC, clientID: "desktop-app", clientSecret: nil,
            endpoints: ProfileFixtures.testEndpoints, store: MemoryTokenStore(), transport: server)
        let result = try await client.signIn(scopes: ["openid", "profile", "email"], userAgent: ProviderTestAgent(server: server))
        #expect(result.idTokenClaims?.subject == ProviderTestServer.subject)
        #expect(try await client.get(try #require(ProfileFixtures.testEndpoints.userinfoEndpoint)).statusCode == 200)
        #expect(try await client.userinfo()["sub"]?.stringValue == ProviderTestServer.subject)
        try await client.refresh()
        #expect(try await client.introspect().isActive)
        try await client.revoke(.accessToken)
        try await client.revoke(.refreshToken)
        try await client.signOut()
        #expect(await client.session.current() == nil)
    }
}
