// Stand-in for the subset of Apple's AppKit (macOS 14 SDK) that this package and its Mac app code use; bodies never
// run. Isolation as the macOS 14 headers declare it: NSResponder is NS_SWIFT_UI_ACTOR, so it and every subclass
// (NSView, NSViewController, NSWindow, NSApplication) are `@MainActor` (Apple's pages show the attribute only where
// it is written, so NSApplication's page has none); NSApp is NS_SWIFT_UI_ACTOR itself; NSApplicationDelegate is
// not, its methods are one by one; NSNib and NSWorkspace are plain NSObject subclasses. Objective-C classes are
// open to subclassing.
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

// Not main-actor isolated (its page: `class NSNib`; no NS_SWIFT_UI_ACTOR in NSNib.h).
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
    // Objective-C's `-init` (a window with a zero content rectangle), which Swift imports as a convenience
    // initializer because NSWindow declares designated ones of its own.
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

    // NS_OPTIONS(NSUInteger, NSWindowStyleMask): imported as an OptionSet over UInt, Sendable as every imported
    // option set is.
    // https://developer.apple.com/documentation/appkit/nswindow/stylemask-swift.struct
    public struct StyleMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/appkit/nswindow/stylemask-swift.struct/titled
        public static let titled = StyleMask(rawValue: 1 << 0)
        // https://developer.apple.com/documentation/appkit/nswindow/stylemask-swift.struct/closable
        public static let closable = StyleMask(rawValue: 1 << 1)
    }

    // NS_ENUM(NSUInteger, NSBackingStoreType); `retained` and `nonretained` are deprecated in the SDK.
    // https://developer.apple.com/documentation/appkit/nswindow/backingstoretype
    public enum BackingStoreType: UInt, Sendable {
        case retained = 0
        case nonretained = 1
        case buffered = 2
    }
}

// `@MainActor` through NSResponder (the class itself carries no annotation in NSApplication.h).
// https://developer.apple.com/documentation/appkit/nsapplication
@MainActor open class NSApplication: NSResponder {
    // https://developer.apple.com/documentation/appkit/nsapplication/shared
    open class var shared: NSApplication { fatalError("stand-in") }
    // `weak` and read-only in the SDK.
    // https://developer.apple.com/documentation/appkit/nsapplication/keywindow
    open var keyWindow: NSWindow? { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsapplication/mainwindow
    open var mainWindow: NSWindow? { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsapplication/windows
    open var windows: [NSWindow] { fatalError("stand-in") }
}

// `@MainActor var NSApp: NSApplication!`, settable as the page declares it.
// https://developer.apple.com/documentation/appkit/nsapp
@MainActor public var NSApp: NSApplication! {
    get { fatalError("stand-in") }
    set {}
}

// Not `@MainActor` in the macOS 14 SDK: the protocol refines NSObjectProtocol and each of its methods is
// NS_SWIFT_UI_ACTOR on its own (so a conforming class is not main-actor isolated as a whole; a method that witnesses
// a requirement is, by inference). Apple's requirements are `@objc optional`; here they are requirements with empty
// defaults, and a plain Swift class can't adopt the protocol (it lacks NSObjectProtocol's members; Xcode says it
// should inherit NSObject).
// https://developer.apple.com/documentation/appkit/nsapplicationdelegate
public protocol NSApplicationDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/appkit/nsapplicationdelegate/application(_:open:)
    @MainActor func application(_ application: NSApplication, open urls: [URL])
}

extension NSApplicationDelegate {
    @MainActor public func application(_ application: NSApplication, open urls: [URL]) {}
}

// Not main-actor isolated (no NS_SWIFT_UI_ACTOR in NSWorkspace.h) and not Sendable.
// https://developer.apple.com/documentation/appkit/nsworkspace
open class NSWorkspace: NSObject {
    // https://developer.apple.com/documentation/appkit/nsworkspace/shared
    open class var shared: NSWorkspace { fatalError("stand-in") }
    // https://developer.apple.com/documentation/appkit/nsworkspace/open(_:)
    open func open(_ url: URL) -> Bool { fatalError("stand-in") }
}
