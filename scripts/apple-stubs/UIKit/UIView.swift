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
    // `null_resettable` in UIView.h: implicitly unwrapped, as Swift imports it.
    // https://developer.apple.com/documentation/uikit/uiview/tintcolor
    open var tintColor: UIColor! {
        get { fatalError("stand-in") }
        set {}
    }

    // Auto Layout (UIView.h, iOS 17 SDK header read: UIConstraintBasedCompatibility, UIViewLayoutConstraintCreation,
    // UIConstraintBasedLayoutLayering). Apple declares these in categories; here they sit in the class body,
    // overridable as Objective-C members are.
    // https://developer.apple.com/documentation/uikit/uiview/translatesautoresizingmaskintoconstraints
    open var translatesAutoresizingMaskIntoConstraints: Bool {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/uikit/uiview/leadinganchor
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/trailinganchor
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/leftanchor
    open var leftAnchor: NSLayoutXAxisAnchor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/rightanchor
    open var rightAnchor: NSLayoutXAxisAnchor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/topanchor
    open var topAnchor: NSLayoutYAxisAnchor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/bottomanchor
    open var bottomAnchor: NSLayoutYAxisAnchor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/widthanchor
    open var widthAnchor: NSLayoutDimension { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/heightanchor
    open var heightAnchor: NSLayoutDimension { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/centerxanchor
    open var centerXAnchor: NSLayoutXAxisAnchor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/centeryanchor
    open var centerYAnchor: NSLayoutYAxisAnchor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/firstbaselineanchor
    open var firstBaselineAnchor: NSLayoutYAxisAnchor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/lastbaselineanchor
    open var lastBaselineAnchor: NSLayoutYAxisAnchor { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/contenthuggingpriority(for:)
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/setcontenthuggingpriority(_:for:)
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {}
    // https://developer.apple.com/documentation/uikit/uiview/contentcompressionresistancepriority(for:)
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiview/setcontentcompressionresistancepriority(_:for:)
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {}
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

extension UIView {
    // https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    public func addSubview(_ view: UIView) {}
}
