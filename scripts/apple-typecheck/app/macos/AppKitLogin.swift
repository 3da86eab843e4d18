// A Mac app built with AppKit: LINE's login over a window or a view controller (``LoginPresentationContext``
// on macOS), the async and completion-handler forms, the callback entry, and the engine's agent on its own.
import AppKit
import LineSDK
import OAuthEngine

final class LoginWindowController: NSViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        LoginManager.shared.setup(channelID: "1234567890", universalLinkURL: nil)
    }

    func logIn() {
        LoginManager.shared.login(permissions: [.profile, .openID], in: self) { result in
            switch result {
            case .success(let login): print(login.accessToken.value.count)
            case .failure(let error): print(error.localizedDescription)
            }
        }
    }

    func logIn(over window: NSWindow) async {
        do {
            let login = try await LoginManager.shared.login(permissions: [.profile], in: window)
            print(login.userProfile?.displayName ?? "")
        } catch {
            print(error.localizedDescription)
        }
    }

    func agent() -> WebAuthenticationSessionUserAgent? {
        guard let callback = URL(string: "com.example.mac:/oauth/callback") else { return nil }
        return WebAuthenticationSessionUserAgent(redirectURI: callback, presenting: view.window)
    }
}

final class AppDelegate: NSObject, NSApplicationDelegate {
    // URLs the app is opened with, handed to a waiting LINE login.
    func application(_ application: NSApplication, open urls: [URL]) {
        for url in urls { _ = LoginManager.shared.handleCallbackURL(url) }
    }
}

func keychainStore() -> any TokenStore {
    KeychainTokenStore(key: LoginConfiguration.tokenStoreKey(channelID: "1234567890"))
}
