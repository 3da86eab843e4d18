// Stand-in for the subset of Apple's AppKit (macOS 14 SDK) that this package and its Mac app code use. AppKit's
// classes are `@MainActor` and, as Objective-C classes, open to subclassing; bodies never run.
@_exported import Foundation
@_exported import AppleFoundationShim

// https://developer.apple.com/documentation/appkit/nsresponder
@MainActor open class NSResponder: NSObject {}

// https://developer.apple.com/documentation/appkit/nsview
@MainActor open class NSView: NSResponder {
    // https://developer.apple.com/documentation/appkit/nsview/init(frame:)
    public init(frame frameRect: NSRect) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsview/init(coder:)
    public required init?(coder: NSCoder) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsview/window
    open var window: NSWindow? { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/appkit/nsviewcontroller
@MainActor open class NSViewController: NSResponder {
    // https://developer.apple.com/documentation/appkit/nsviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: NSNib.Name?, bundle nibBundleOrNil: Bundle?) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsviewcontroller/init(coder:)
    public required init?(coder: NSCoder) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsviewcontroller/view (not optional, unlike UIKit's)
    open var view: NSView {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/appkit/nsviewcontroller/viewdidload()
    open func viewDidLoad() {}
}

// https://developer.apple.com/documentation/appkit/nsnib
open class NSNib: NSObject {
    // https://developer.apple.com/documentation/appkit/nsnib/name
    public typealias Name = String
}

// https://developer.apple.com/documentation/appkit/nswindow
@MainActor open class NSWindow: NSResponder {
    // https://developer.apple.com/documentation/appkit/nswindow/init(contentrect:stylemask:backing:defer:)
    public init(contentRect: NSRect, styleMask style: NSWindow.StyleMask, backing backingStoreType: NSWindow.BackingStoreType, defer flag: Bool) {
        fatalError("stand-in")
    }
    // Objective-C's `-init` (a window with a zero content rectangle).
    public convenience override init() { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nswindow/contentviewcontroller
    open var contentViewController: NSViewController? {
        get { fatalError("stand-in") }
        set {}
    }
    // https://developer.apple.com/documentation/appkit/nswindow/iskeywindow
    open var isKeyWindow: Bool { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nswindow/isvisible
    open var isVisible: Bool { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nswindow/makekeyandorderfront(_:)
    open func makeKeyAndOrderFront(_ sender: Any?) {}

    // https://developer.apple.com/documentation/appkit/nswindow/stylemask-swift.struct
    public struct StyleMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/appkit/nswindow/stylemask-swift.struct/titled
        public static let titled = StyleMask(rawValue: 1 << 0)
        // https://developer.apple.com/documentation/appkit/nswindow/stylemask-swift.struct/closable
        public static let closable = StyleMask(rawValue: 1 << 1)
    }

    // https://developer.apple.com/documentation/appkit/nswindow/backingstoretype
    public enum BackingStoreType: UInt, Sendable {
        case retained = 0
        case nonretained = 1
        case buffered = 2
    }
}

// https://developer.apple.com/documentation/appkit/nsapplication
@MainActor open class NSApplication: NSResponder {
    // https://developer.apple.com/documentation/appkit/nsapplication/shared
    open class var shared: NSApplication { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsapplication/keywindow
    open var keyWindow: NSWindow? { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsapplication/mainwindow
    open var mainWindow: NSWindow? { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsapplication/windows
    open var windows: [NSWindow] { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/appkit/nsapp (the global the app's `NSApplication` is kept in)
@MainActor public var NSApp: NSApplication! { fatalError("stand-in") }

// https://developer.apple.com/documentation/appkit/nsapplicationdelegate
// Apple's requirements are `@objc optional`; here they are protocol requirements with empty defaults.
@MainActor public protocol NSApplicationDelegate: AnyObject {
    // https://developer.apple.com/documentation/appkit/nsapplicationdelegate/application(_:open:)
    func application(_ application: NSApplication, open urls: [URL])
}

extension NSApplicationDelegate {
    public func application(_ application: NSApplication, open urls: [URL]) {}
}

// https://developer.apple.com/documentation/appkit/nsworkspace
open class NSWorkspace: NSObject {
    // https://developer.apple.com/documentation/appkit/nsworkspace/shared
    open class var shared: NSWorkspace { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsworkspace/open(_:)
    open func open(_ url: URL) -> Bool { fatalError("stand-in") }
}
