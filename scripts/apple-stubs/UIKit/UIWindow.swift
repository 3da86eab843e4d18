// UIWindow as the iOS 17 SDK declares it (UIWindow.h of iPhoneOS17.5.sdk read through the search tool;
// its initializers carry no NS_DESIGNATED_INITIALIZER, so Swift imports all three as designated).
// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {
    // https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public override init(frame: CGRect) { super.init(frame: frame) }
    // https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    // Takes a UIWindowScene, not any UIScene: a scene delegate must cast (`scene as? UIWindowScene`).
    // https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }

    // https://developer.apple.com/documentation/uikit/uiwindow/windowscene
    weak open var windowScene: UIWindowScene?
    // https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
    open var rootViewController: UIViewController? {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/uikit/uiwindow/iskeywindow
    open var isKeyWindow: Bool { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible()
    open func makeKeyAndVisible() {}
    // https://developer.apple.com/documentation/uikit/uiwindow/makekey()
    open func makeKey() {}
}
