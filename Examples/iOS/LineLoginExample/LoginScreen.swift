import LineSDK
import SwiftUI

/// The SwiftUI way: `LoginButtonView` logs in, `handlesLineLoginCallbacks()` routes the callback.
struct LoginScreen: View {
    var body: some View {
        VStack(spacing: 16) {
            Text("Welcome")
            LoginButtonView(permissions: [.profile, .openID]) { result in
                switch result {
                case .success(let login): print(login.userProfile?.displayName ?? "")
                case .failure(let error): print(error.localizedDescription)
                }
            }
        }
        .handlesLineLoginCallbacks()
    }
}
