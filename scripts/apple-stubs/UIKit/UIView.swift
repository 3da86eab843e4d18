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
    // https://developer.apple.com/documentation/uikit/uiview/backgroundcolor
    open var backgroundColor: UIColor? {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/uikit/uiview/intrinsiccontentsize
    open var intrinsicContentSize: CGSize { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/invalidateintrinsiccontentsize()
    open func invalidateIntrinsicContentSize() {}
    // https://developer.apple.com/documentation/uikit/uiview/frame
    open var frame: CGRect {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/uikit/uiview/bounds
    open var bounds: CGRect {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/uikit/uiview/layer
    open var layer: CALayer { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/isuserinteractionenabled
    open var isUserInteractionEnabled: Bool {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()
    open func layoutSubviews() {}
}

// https://developer.apple.com/documentation/quartzcore/calayer (QuartzCore, re-exported by UIKit)
open class CALayer: NSObject {
    // https://developer.apple.com/documentation/quartzcore/calayer/cornerradius
    open var cornerRadius: CGFloat {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/quartzcore/calayer/borderwidth
    open var borderWidth: CGFloat {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/quartzcore/calayer/bordercolor
    open var borderColor: CGColor? {
        get { fatalError("stand-in") }
        set {}
    }
}

// https://developer.apple.com/documentation/uikit/uilabel
@MainActor open class UILabel: UIView {}

// https://developer.apple.com/documentation/uikit/uicolor
open class UIColor: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uicolor/init(red:green:blue:alpha:)
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uicolor/white
    open class var white: UIColor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uicolor/cgcolor
    open var cgColor: CGColor { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {}

extension UIView {
    // https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    public func addSubview(_ view: UIView) {}
}
