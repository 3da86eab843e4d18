// The login parts of LINE's UIKit sample app (line-sdk-ios-swift, LineSDKSample: AppDelegate.swift and
// Login/LoginViewController.swift), in its shape but our own code.
//
// Linux has no Objective-C runtime: `@objc`, `#selector` and `addTarget(_:action:for:)` can't be
// type-checked here, so where LINE's sample wires its web-login button with a selector this file uses
// the closure form, `addAction(UIAction { … }, for: .touchUpInside)` (iOS 14), which Xcode accepts too.
import LineSDK
import UIKit

final class SampleAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // LINE's sample reads the channel ID from Info.plist and stops when it is missing.
        guard let channelID = Bundle.main.infoDictionary?["LINE Channel ID"] as? String, Int(channelID) != nil else {
            fatalError("Set your LINE channel ID in Info.plist (key \"LINE Channel ID\").")
        }
        LoginManager.shared.setup(channelID: channelID, universalLinkURL: nil)

        // The storyboard's window, tinted in LINE green.
        window!.tintColor = UIColor(red: 91 / 255, green: 192 / 255, blue: 110 / 255, alpha: 1.0)
        return true
    }

    func application(
        _ application: UIApplication,
        open url: URL,
        options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
        return LoginManager.shared.application(application, open: url, options: options)
    }

    // A universal-link callback arrives as a browsing-web user activity.
    func application(
        _ application: UIApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        return LoginManager.shared.application(application, open: userActivity.webpageURL)
    }
}

final class SampleLoginViewController: UIViewController {
    private var loginButton: LoginButton!
    private var webLoginButton: UIButton!
    private var permissions: Set<LoginPermission> = [.profile, .openID]

    override func viewDidLoad() {
        super.viewDidLoad()
        loginButton = makeLoginButton()
        webLoginButton = makeWebLoginButton()
    }

    private func makeLoginButton() -> LoginButton {
        let loginButton = LoginButton()
        loginButton.delegate = self
        loginButton.presentingViewController = self
        loginButton.permissions = permissions

        view.addSubview(loginButton)
        loginButton.translatesAutoresizingMaskIntoConstraints = false
        loginButton.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
        loginButton.centerYAnchor.constraint(equalTo: view.centerYAnchor).isActive = true
        return loginButton
    }

    private func makeWebLoginButton() -> UIButton {
        let webLoginButton = UIButton(type: .system)
        webLoginButton.setTitle("Web Login", for: .normal)
        webLoginButton.addAction(UIAction { [weak self] _ in self?.webLogin() }, for: .touchUpInside)

        view.addSubview(webLoginButton)
        webLoginButton.translatesAutoresizingMaskIntoConstraints = false
        webLoginButton.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
        webLoginButton.topAnchor.constraint(equalTo: loginButton.bottomAnchor, constant: 20).isActive = true
        return webLoginButton
    }

    // LINE's sample forces the web page in Japanese for this button.
    private func webLogin() {
        var parameters = LoginManager.Parameters()
        parameters.onlyWebLogin = true
        parameters.preferredWebPageLanguage = .japanese
        LoginManager.shared.login(permissions: permissions, in: self, parameters: parameters) { [weak self] result in
            Task { @MainActor in self?.show(result) }
        }
    }

    private func show(_ result: Result<LoginResult, LineSDKError>) {
        let action = webLoginButton.title(for: .normal) ?? "Login"
        switch result {
        case .success(let loginResult): print("\(action) succeeded: \(loginResult.permissions)")
        case .failure(let error): print("\(action) failed: \(error.localizedDescription)")
        }
    }
}

extension SampleLoginViewController: LoginButtonDelegate {
    func loginButtonDidStartLogin(_ button: LoginButton) {
        print("Login started.")
    }

    func loginButton(_ button: LoginButton, didSucceedLogin loginResult: LoginResult) {
        show(.success(loginResult))
    }

    func loginButton(_ button: LoginButton, didFailLogin error: LineSDKError) {
        show(.failure(error))
    }
}
