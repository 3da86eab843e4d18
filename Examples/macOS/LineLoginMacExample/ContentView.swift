import LineSDK
import SwiftUI

/// Logs in with LINE's button, shows who logged in, logs out; and signs in with LinkedIn beside it.
struct ContentView: View {
    @State private var status = "Not logged in."

    var body: some View {
        VStack(spacing: 16) {
            Text(status)
            LoginButtonView(permissions: [.profile, .openID]) { result in
                switch result {
                case .success(let login): status = "Logged in as \(login.userProfile?.displayName ?? "a LINE user")."
                case .failure(let error): status = error.localizedDescription
                }
            }
            Button("Log out") {
                Task { @MainActor in
                    do {
                        try await LoginManager.shared.logout()
                        status = "Logged out."
                    } catch {
                        status = error.localizedDescription
                    }
                }
            }
            LinkedInSignInButton()
        }
    }
}
