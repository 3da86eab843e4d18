// https://developer.apple.com/documentation/uikit/uicontrol
@MainActor open class UIControl: UIView {
    // https://developer.apple.com/documentation/uikit/uicontrol/isenabled
    open var isEnabled: Bool {
        get { fatalError("stand-in") }
        set {}
    }

    // https://developer.apple.com/documentation/uikit/uicontrol/ishighlighted
    open var isHighlighted: Bool {
        get { fatalError("stand-in") }
        set {}
    }

    // https://developer.apple.com/documentation/uikit/uicontrol/addaction(_:for:)
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}

    // https://developer.apple.com/documentation/uikit/uicontrol/event
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/uikit/uicontrol/event/touchupinside
        public static let touchUpInside = Event(rawValue: 1 << 6)
    }

    // https://developer.apple.com/documentation/uikit/uicontrol/state
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/uikit/uicontrol/state/normal
        public static let normal = State([])
        // https://developer.apple.com/documentation/uikit/uicontrol/state/highlighted
        public static let highlighted = State(rawValue: 1 << 0)
        // https://developer.apple.com/documentation/uikit/uicontrol/state/disabled
        public static let disabled = State(rawValue: 1 << 1)
    }
}

// https://developer.apple.com/documentation/uikit/uibutton
@MainActor open class UIButton: UIControl {
    // `+buttonWithType:`, which Swift imports as a convenience initializer (not inherited by subclasses
    // that declare their own designated initializers, as LINE's LoginButton does).
    // https://developer.apple.com/documentation/uikit/uibutton/init(type:)
    public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }
    // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.property
    open var buttonType: UIButton.ButtonType { fatalError("stand-in") }

    // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum
    public enum ButtonType: Int, Sendable {
        // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum/custom
        case custom = 0
        // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum/system
        case system = 1
        // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum/detaildisclosure
        case detailDisclosure = 2
        // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum/infolight
        case infoLight = 3
        // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum/infodark
        case infoDark = 4
        // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum/contactadd
        case contactAdd = 5
        // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum/plain
        case plain = 6
        // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum/close
        case close = 7
    }

    // A title per state, never a `title` property: `button.title = …` does not compile with Xcode.
    // https://developer.apple.com/documentation/uikit/uibutton/title(for:)
    open func title(for state: UIControl.State) -> String? { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uibutton/settitle(_:for:)
    open func setTitle(_ title: String?, for state: UIControl.State) {}
    // https://developer.apple.com/documentation/uikit/uibutton/titlecolor(for:)
    open func titleColor(for state: UIControl.State) -> UIColor? { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uibutton/currenttitle
    open var currentTitle: String? { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uibutton/settitlecolor(_:for:)
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {}
    // https://developer.apple.com/documentation/uikit/uibutton/titlelabel
    open var titleLabel: UILabel? { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/uikit/uimenuelement
@MainActor open class UIMenuElement: NSObject {}

// https://developer.apple.com/documentation/uikit/uiactionhandler
public typealias UIActionHandler = (UIAction) -> Void

// https://developer.apple.com/documentation/uikit/uiaction
@MainActor open class UIAction: UIMenuElement {
    // Of this initializer's parameters only `title` and `handler` are declared here (a call using the
    // others fails here though it compiles with Xcode: stricter, never looser).
    // https://developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
    @preconcurrency public convenience init(title: String = "", handler: @escaping UIActionHandler) { fatalError("stand-in") }
}
