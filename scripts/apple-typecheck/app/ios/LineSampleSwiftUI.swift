// The login parts of LINE's SwiftUI sample app (line-sdk-ios-swift, LineSDKSample-SwiftUI:
// LineSDKSampleApp.swift, Login/LineLoginButton.swift, Login/LoginView.swift), in its shape but our own
// code: LINE's UIKit `LoginButton` wrapped with `UIViewRepresentable`, an `App` whose UIKit app delegate
// sets LINE up, and callbacks routed with `.onOpenURL`. `import SwiftUI` alone brings UIKit, as on iOS.
//
// Left out: the sample's `AuthorizationStore` (`ObservableObject`, `@Published`, `@EnvironmentObject`):
// Combine has no stand-in on Linux.
import LineSDK
import SwiftUI

// `@MainActor` is spelled out: the adaptor's initializer is main-actor isolated, and in the iOS 17 SDK
// `App` itself is not (later SDKs make every `App` main-actor isolated, and the attribute redundant).
@main
@MainActor
struct LineSampleApp: App {
    @UIApplicationDelegateAdaptor(SampleAppDelegate.self) var appDelegate

    var body: some Scene {
        WindowGroup {
            SampleLoginView()
                .onOpenURL { url in
                    _ = LoginManager.shared.application(.shared, open: url)
                }
        }
    }
}

final class SampleAppDelegate: NSObject, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        LoginManager.shared.setup(channelID: "YOUR_CHANNEL_ID", universalLinkURL: nil)
        return true
    }

    func application(
        _ application: UIApplication,
        open url: URL,
        options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
        return LoginManager.shared.application(application, open: url, options: options)
    }

    func application(
        _ application: UIApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        return LoginManager.shared.application(application, open: userActivity.webpageURL)
    }
}

struct SampleLoginView: View {
    @State private var status = "Not logged in"

    var body: some View {
        VStack(spacing: 16) {
            LineLoginButtonRepresentable(permissions: [.profile, .openID])
                .onLoginStart { status = "Logging in…" }
                .onLoginSuccess { result in status = "Logged in (\(result.permissions.count) permissions)" }
                .onLoginFail { error in status = error.localizedDescription }
            Text(status)
        }
    }
}

/// LINE's UIKit login button in SwiftUI; its delegate calls become modifiers.
struct LineLoginButtonRepresentable: UIViewRepresentable {
    let permissions: Set<LoginPermission>
    fileprivate var onStart: (() -> Void)?
    fileprivate var onSuccess: ((LoginResult) -> Void)?
    fileprivate var onFailure: ((LineSDKError) -> Void)?

    init(permissions: Set<LoginPermission> = [.profile]) {
        self.permissions = permissions
    }

    func makeUIView(context: Context) -> LoginButton {
        let button = LoginButton()
        button.permissions = permissions
        button.setContentHuggingPriority(.required, for: .horizontal)
        button.setContentHuggingPriority(.required, for: .vertical)
        button.delegate = context.coordinator
        return button
    }

    func updateUIView(_ uiView: LoginButton, context: Context) {
        uiView.permissions = permissions
    }

    func makeCoordinator() -> Coordinator {
        Coordinator(parent: self)
    }

    func onLoginStart(perform action: @escaping () -> Void) -> Self { with(\.onStart, action) }
    func onLoginSuccess(perform action: @escaping (LoginResult) -> Void) -> Self { with(\.onSuccess, action) }
    func onLoginFail(perform action: @escaping (LineSDKError) -> Void) -> Self { with(\.onFailure, action) }

    private func with<Value>(_ keyPath: WritableKeyPath<Self, Value>, _ value: Value) -> Self {
        var copy = self
        copy[keyPath: keyPath] = value
        return copy
    }

    final class Coordinator: NSObject, LoginButtonDelegate {
        private let parent: LineLoginButtonRepresentable

        init(parent: LineLoginButtonRepresentable) {
            self.parent = parent
        }

        func loginButtonDidStartLogin(_ button: LoginButton) {
            parent.onStart?()
        }

        func loginButton(_ button: LoginButton, didSucceedLogin loginResult: LoginResult) {
            parent.onSuccess?(loginResult)
        }

        func loginButton(_ button: LoginButton, didFailLogin error: LineSDKError) {
            parent.onFailure?(error)
        }
    }
}
