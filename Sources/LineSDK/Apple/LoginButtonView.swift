#if canImport(SwiftUI) && !os(tvOS) && !os(watchOS)
public import SwiftUI
public import LineLoginPlatform

/// A "Log in with LINE" button for SwiftUI (LINE's SDK has none): it logs in with `manager` and hands
/// the outcome to `onResult`. Named so it never clashes with the server kit's web `LineLoginButton`.
/// It only draws ``LoginButtonModel``: LINE's text in the user's language, disabled while its login runs.
///
/// ```swift
/// LoginButtonView(permissions: [.profile, .openID]) { result in … }
///     .handlesLineLoginCallbacks()
/// ```
public struct LoginButtonView: View {
    private let permissions: Set<LoginPermission>
    private let parameters: LoginManager.Parameters
    private let manager: LoginManager
    private let onResult: @MainActor (Result<LoginResult, LineSDKError>) -> Void
    @State private var model: LoginButtonModel

    /// - Parameters:
    ///   - permissions: what to ask for (`[.profile]` by default).
    ///   - parameters: the login's parameters.
    ///   - buttonText: the title; `nil` for LINE's text in the user's language.
    ///   - manager: the manager that logs in (`LoginManager.shared` by default).
    ///   - onResult: the login's outcome.
    public init(
        permissions: Set<LoginPermission> = [.profile], parameters: LoginManager.Parameters = .init(),
        buttonText: String? = nil, manager: LoginManager = .shared,
        onResult: @escaping @MainActor (Result<LoginResult, LineSDKError>) -> Void
    ) {
        self.permissions = permissions
        self.parameters = parameters
        self.manager = manager
        self.onResult = onResult
        _model = State(wrappedValue: LoginButtonModel(buttonText: buttonText, language: Locale.preferredLanguages.first))
    }

    /// The button.
    public var body: some View {
        Button(action: { tap() }) { Text(model.title) }
            .disabled(!model.isEnabled)
    }

    @MainActor private func tap() {
        guard model.tap() == .startLogin else { return }
        let (manager, permissions, parameters) = (self.manager, self.permissions, self.parameters)
        Task { @MainActor in
            let result: Result<LoginResult, LineSDKError>
            do throws(LineSDKError) {
                result = .success(try await manager.login(permissions: permissions, parameters: parameters))
            } catch {
                result = .failure(error)
            }
            onResult(model.finish(result))
        }
    }
}

extension View {
    /// Hands every URL the app is opened with to `manager`'s waiting login (LINE's callback), as
    /// `application(_:open:options:)` does for UIKit apps.
    public func handlesLineLoginCallbacks(_ manager: LoginManager = .shared) -> some View {
        onOpenURL { url in _ = manager.handleCallbackURL(url) }
    }
}
#endif
