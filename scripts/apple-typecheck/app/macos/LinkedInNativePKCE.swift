// LinkedIn in a Mac app that imports only OAuthEngine (no LineSDK): native PKCE, no client secret, a loopback
// redirect and the system browser, the tokens in the keychain.
import OAuthEngine

@MainActor func signInWithLinkedIn() async throws -> String {
    let client = try OAuthClient(
        profile: .linkedIn(nativePKCE: true), clientID: "86abcdefghijkl", clientSecret: nil,
        store: KeychainTokenStore(key: "linkedin"))
    let result = try await client.signIn(scopes: LinkedInProvider.scopes, userAgent: LoopbackUserAgent())
    let userinfo = try await client.userinfo()
    return (userinfo["name"]?.stringValue ?? "") + " " + (result.idTokenClaims?.subject ?? "")
}
