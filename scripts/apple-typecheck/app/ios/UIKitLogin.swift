// App code in the shape of LINE's iOS guide (UIKit), using every Apple-only declaration LineSDK and
// OAuthEngine have: if a `#if canImport(...)` branch were left out of the modules, this would not compile.
import LineSDK
import OAuthEngine
import UIKit

final class LoginViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let button = UIButton()
        button.setTitle("Log in with LINE", for: .normal)
        button.addAction(UIAction { [weak self] _ in self?.logIn() }, for: .touchUpInside)
    }

    func logIn() {
        LoginManager.shared.login(permissions: [.profile], in: self) { result in
            switch result {
            case .success(let login): print(login.accessToken.value)
            case .failure(let error): print(error)
            }
        }
    }

    func logInAsync() async {
        do {
            let login = try await LoginManager.shared.login(permissions: [.profile, .openID], in: self)
            print(login.permissions)
        } catch {
            print(error)
        }
    }

    func webUserAgent() -> WebAuthenticationSessionUserAgent? {
        guard let callback = URL(string: "line3rdp.com.example.app://authorize/") else { return nil }
        return WebAuthenticationSessionUserAgent(redirectURI: callback, presenting: self)
    }
}

final class AppDelegate: UIResponder {
    func setUpLINE() {
        LoginManager.shared.setup(channelID: "1234567890", universalLinkURL: nil)
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        LoginManager.shared.application(app, open: url, options: options)
    }
}

func keychainStore() -> any TokenStore {
    KeychainTokenStore(key: LoginConfiguration.tokenStoreKey(channelID: "1234567890"))
}
