// SwiftUI app code: a login button running LineSDK's async login, and callback URLs routed to it.
import LineSDK
import SwiftUI

struct LoginScreen: View {
    var body: some View {
        VStack(spacing: 12) {
            Text("Sign in")
            Button("Log in with LINE") {
                Task {
                    do {
                        let login = try await LoginManager.shared.login(permissions: [.profile])
                        print(login.userProfile?.displayName ?? "")
                    } catch {
                        print(error)
                    }
                }
            }
        }
        .onOpenURL { url in
            _ = LoginManager.shared.handleCallbackURL(url)
        }
    }
}
