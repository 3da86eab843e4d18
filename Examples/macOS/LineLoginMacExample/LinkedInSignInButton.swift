// LinkedIn in a Mac app with OAuthEngine alone: LinkedIn's native PKCE endpoint takes no client secret and
// redirects to loopback, so the app listens on 127.0.0.1 (the sandbox's network-server entitlement) and opens
// the system browser. The OAuthEngine guide "Signing in with LinkedIn from an app" walks through it.
import OAuthEngine
import SwiftUI

struct LinkedInSignInButton: View {
    @State private var status = ""

    var body: some View {
        VStack(spacing: 8) {
            Button("Sign in with LinkedIn") {
                Task { @MainActor in status = await Self.signIn() }
            }
            Text(status)
        }
    }

    static func signIn() async -> String {
        do {
            let client = try OAuthClient(
                profile: .linkedIn(nativePKCE: true), clientID: "YOUR_LINKEDIN_CLIENT_ID", clientSecret: nil,
                store: KeychainTokenStore(key: "linkedin"))
            let result = try await client.signIn(scopes: LinkedInProvider.scopes, userAgent: LoopbackUserAgent())
            return "Signed in to LinkedIn as \(result.idTokenClaims?.subject ?? "an unknown member")."
        } catch {
            return "LinkedIn sign-in failed: \(error.localizedDescription)"
        }
    }
}
