#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
public import Foundation
public import UIKit
public import LineLoginPlatform

/// What LINE's login button tells its owner, as LINE's SDK declares it.
@MainActor public protocol LoginButtonDelegate: AnyObject {
    /// The login started (the button is disabled until it ends).
    func loginButtonDidStartLogin(_ button: LoginButton)
    /// The login succeeded.
    func loginButton(_ button: LoginButton, didSucceedLogin loginResult: LoginResult)
    /// The login failed.
    func loginButton(_ button: LoginButton, didFailLogin error: LineSDKError)
    /// The login failed (LINE's older form; the typed one calls it by default).
    func loginButton(_ button: LoginButton, didFailLogin error: any Error)
}

extension LoginButtonDelegate {
    /// Nothing.
    public func loginButtonDidStartLogin(_ button: LoginButton) {}
    /// Nothing.
    public func loginButton(_ button: LoginButton, didSucceedLogin loginResult: LoginResult) {}
    /// Calls the older `Error` form, as LINE's SDK does.
    public func loginButton(_ button: LoginButton, didFailLogin error: LineSDKError) {
        loginButton(button, didFailLogin: error as any Error)
    }
    /// Nothing.
    public func loginButton(_ button: LoginButton, didFailLogin error: any Error) {}
}

/// LINE's login button (UIKit), with LINE SDK's API. It only draws ``LoginButtonModel``, which makes every
/// decision (title for size and language, enabled state, what a tap does, which delegate call when).
@MainActor open class LoginButton: UIButton {
    /// LINE's button sizes (`.small`, `.normal`).
    public typealias ButtonSize = LoginButtonModel.Size

    /// Told when the login starts, succeeds or fails.
    public weak var delegate: (any LoginButtonDelegate)?
    /// Where LINE's login is shown; `nil` lets the manager choose.
    public weak var presentingViewController: UIViewController?
    /// The permissions asked for (`[.profile]` by default).
    public var permissions: Set<LoginPermission> = [.profile]
    /// The login's parameters.
    public var parameters = LoginManager.Parameters()
    /// The manager that logs in (`LoginManager.shared`, as LINE's button uses).
    public var loginManager: LoginManager = .shared
    /// The button's size (`.normal` by default).
    public var buttonSize: ButtonSize {
        get { model.size }
        set {
            model.size = newValue
            render()
        }
    }
    /// The title; `nil` for LINE's text in the user's language.
    public var buttonText: String? {
        get { model.buttonText }
        set {
            model.buttonText = newValue
            render()
        }
    }
    /// LINE's older options.
    @available(*, deprecated, message: "Convert this value into a `LoginManager.Parameters` and use `parameters` instead.")
    public var options: LoginManagerOptions = []

    private var model = LoginButtonModel(language: Locale.preferredLanguages.first)
    // The line between the mark and the text.
    private let separator = UIView(frame: .zero)

    /// Redrawn pressed or at rest.
    open override var isHighlighted: Bool {
        didSet { render() }
    }

    /// A LINE login button.
    public init() {
        super.init(frame: .zero)
        setUp()
    }

    /// A LINE login button from a storyboard.
    public required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        setUp()
    }

    /// The size for the title (LINE's metrics for ``buttonSize``).
    open override var intrinsicContentSize: CGSize {
        let size = model.contentSize(titleWidth: Double(titleLabel?.intrinsicContentSize.width ?? 0))
        return CGSize(width: size.width, height: size.height)
    }

    /// Starts the login, unless one this button started runs.
    open func login() {
        guard model.tap() == .startLogin else { return }
        render()
        let process = loginManager.login(permissions: permissions, in: presentingViewController, parameters: parameters) {
            [weak self] result in
            let button = self
            Task { @MainActor in button?.finish(result) }
        }
        guard process != nil else {
            model.loginDidNotStart()
            render()
            return
        }
        delegate?.loginButtonDidStartLogin(self)
    }

    /// Places the separator after the mark.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let metrics = model.metrics
        separator.frame = CGRect(x: metrics.iconSide, y: 0, width: metrics.separatorWidth, height: bounds.height)
    }

    private func setUp() {
        layer.cornerRadius = 6
        layer.borderWidth = 1
        separator.isUserInteractionEnabled = false
        addSubview(separator)
        addAction(UIAction { [weak self] _ in self?.login() }, for: .touchUpInside)
        render()
    }

    private func finish(_ result: Result<LoginResult, LineSDKError>) {
        let outcome = model.finish(result)
        render()
        switch outcome {
        case .success(let loginResult): delegate?.loginButton(self, didSucceedLogin: loginResult)
        case .failure(let error): delegate?.loginButton(self, didFailLogin: error)
        }
    }

    private func render() {
        setTitle(model.title, for: .normal)
        isEnabled = model.isEnabled
        let appearance = model.appearance(isPressed: isHighlighted)
        backgroundColor = Self.color(appearance.background)
        setTitleColor(Self.color(appearance.foreground), for: .normal)
        setTitleColor(Self.color(appearance.foreground), for: .disabled)
        layer.borderColor = Self.color(appearance.border).cgColor
        separator.backgroundColor = Self.color(appearance.separator)
        invalidateIntrinsicContentSize()
    }

    private static func color(_ color: LoginButtonAppearance.Color) -> UIColor {
        UIColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha))
    }
}
#endif
