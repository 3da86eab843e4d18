// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) { fatalError("stand-in") }
    // Objective-C's `-init` (which calls `initWithFrame:` with a zero rectangle).
    public convenience override init() { self.init(frame: .zero) }

    // https://developer.apple.com/documentation/uikit/uiview/window
    open var window: UIWindow? { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {}
