// Auto Layout as UIKit declares it (NSLayoutConstraint.h, NSLayoutAnchor.h). The anchor classes are generic
// over the anchor's own axis, as in Apple's SDK, so an X-axis anchor only takes another X-axis anchor and
// only `NSLayoutDimension` takes constants; `isActive` belongs to the constraint, never to an anchor.
//
// Isolation: Apple's pages show `@MainActor` on all five classes; UIKit's NSLayoutAnchor.h marks the anchor
// classes NS_SWIFT_UI_ACTOR (header read through the search tool). The iOS 17 NSLayoutConstraint.h itself
// could not be read here: if that SDK's NSLayoutConstraint still lacked NS_SWIFT_UI_ACTOR, `@MainActor` on
// NSLayoutConstraint below is stricter than the iOS 17 SDK (never looser); every constraint in app code is
// made from a view's anchors, which are main-actor isolated either way.
//
// NSCopying/NSCoding conformances of the anchors are left out (no app code here uses them).

// https://developer.apple.com/documentation/uikit/nslayoutanchor
@MainActor open class NSLayoutAnchor<AnchorType>: NSObject where AnchorType: AnyObject {
    // https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(equalto:)
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(greaterthanorequalto:)
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(lessthanorequalto:)
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(equalto:constant:)
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(greaterthanorequalto:constant:)
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        fatalError("stand-in")
    }
    // https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(lessthanorequalto:constant:)
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        fatalError("stand-in")
    }
}

// https://developer.apple.com/documentation/uikit/nslayoutxaxisanchor
@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

// https://developer.apple.com/documentation/uikit/nslayoutyaxisanchor
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

// https://developer.apple.com/documentation/uikit/nslayoutdimension
@MainActor open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    // https://developer.apple.com/documentation/uikit/nslayoutdimension/constraint(equaltoconstant:)
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/nslayoutdimension/constraint(greaterthanorequaltoconstant:)
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/nslayoutdimension/constraint(lessthanorequaltoconstant:)
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/nslayoutdimension/constraint(equalto:multiplier:)
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/nslayoutdimension/constraint(equalto:multiplier:constant:)
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        fatalError("stand-in")
    }
}

// https://developer.apple.com/documentation/uikit/nslayoutconstraint
@MainActor open class NSLayoutConstraint: NSObject {
    // https://developer.apple.com/documentation/uikit/nslayoutconstraint/isactive
    open var isActive: Bool {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/uikit/nslayoutconstraint/constant
    open var constant: CGFloat {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/uikit/nslayoutconstraint/priority
    open var priority: UILayoutPriority {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/uikit/nslayoutconstraint/activate(_:)
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    // https://developer.apple.com/documentation/uikit/nslayoutconstraint/deactivate(_:)
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {}

    // UILayoutConstraintAxis (UIView.h), an NS_ENUM Swift names NSLayoutConstraint.Axis.
    // https://developer.apple.com/documentation/uikit/nslayoutconstraint/axis
    public enum Axis: Int, Sendable {
        // https://developer.apple.com/documentation/uikit/nslayoutconstraint/axis/horizontal
        case horizontal = 0
        // https://developer.apple.com/documentation/uikit/nslayoutconstraint/axis/vertical
        case vertical = 1
    }
}

// `typedef float UILayoutPriority NS_TYPED_EXTENSIBLE_ENUM`: a struct, not a number. It is not expressible
// by a literal (`setContentHuggingPriority(1000, for:)` fails with Xcode too). The overlay's arithmetic and
// `Strideable` conformance are left out: stricter, never looser.
// https://developer.apple.com/documentation/uikit/uilayoutpriority
public struct UILayoutPriority: Hashable, RawRepresentable, Sendable {
    public var rawValue: Float
    // https://developer.apple.com/documentation/uikit/uilayoutpriority/init(rawvalue:)
    public init(rawValue: Float) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/uikit/uilayoutpriority/init(_:)
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    // https://developer.apple.com/documentation/uikit/uilayoutpriority/required
    public static var required: UILayoutPriority { UILayoutPriority(1000) }
    // https://developer.apple.com/documentation/uikit/uilayoutpriority/defaulthigh
    public static var defaultHigh: UILayoutPriority { UILayoutPriority(750) }
    // https://developer.apple.com/documentation/uikit/uilayoutpriority/defaultlow
    public static var defaultLow: UILayoutPriority { UILayoutPriority(250) }
    // https://developer.apple.com/documentation/uikit/uilayoutpriority/fittingsizelevel
    public static var fittingSizeLevel: UILayoutPriority { UILayoutPriority(50) }
}
