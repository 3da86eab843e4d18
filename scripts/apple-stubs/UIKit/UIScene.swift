// The app and scene life cycle (UIApplication.h, UIScene.h, UISceneSession.h, UISceneOptions.h,
// UIWindowScene.h, UIUserActivity.h). Apple's delegate protocols refine NSObjectProtocol and their
// requirements are `@objc optional`; here each requirement has an empty default in a protocol extension,
// which a conforming class's own method (same name, same types) replaces, as an implementation of the
// optional requirement does. A plain Swift class can't adopt them (Apple: "cannot declare conformance to
// 'NSObjectProtocol' in Swift"; here: the class lacks NSObjectProtocol's members).

// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
@MainActor public protocol UIApplicationDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/window
    var window: UIWindow? { get set }
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:)
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:open:options:)
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
    // The handler is neither @Sendable nor @MainActor on this page (nor in the iOS 17 header).
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:continue:restorationhandler:)
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool
}

extension UIApplicationDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { false }
    public func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool { false }
}

extension UIApplicationDelegate {
    // What `@main` on an app delegate calls (UIKit's overlay, iOS 14 and later).
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/main()
    @MainActor @preconcurrency public static func main() {}
}

extension UIApplication {
    // https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

// https://developer.apple.com/documentation/uikit/uiuseractivityrestoring
@MainActor public protocol UIUserActivityRestoring: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uiuseractivityrestoring/restoreuseractivitystate(_:)
    func restoreUserActivityState(_ userActivity: NSUserActivity)
}

// Created by UIKit only: `init()` is unavailable (UIScene.h) and `init(session:connectionOptions:)` is
// the designated initializer.
// https://developer.apple.com/documentation/uikit/uiscene
@MainActor open class UIScene: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiscene/init(session:connectionoptions:)
    public init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) { super.init() }
    // https://developer.apple.com/documentation/uikit/uiscene/session (page not found by the search tool;
    // read-only and non-optional as the Xamarin binding of UIScene.session declares it)
    open var session: UISceneSession { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiscene/delegate
    open var delegate: (any UISceneDelegate)? {
        get { fatalError("stand-in") }
        set {}
    }
    // Read-only (`var activationState: UIScene.ActivationState { get }`).
    // https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.property
    open var activationState: UIScene.ActivationState { fatalError("stand-in") }

    // UISceneDefinitions.h: `typedef NS_ENUM(NSInteger, UISceneActivationState) { UISceneActivationStateUnattached = -1,
    // …ForegroundActive, …ForegroundInactive, …Background }`, so the raw values are -1, 0, 1, 2; an imported
    // NS_ENUM is Sendable. The page lists the four cases (…/activationstate-swift.enum/unattached and so on).
    // https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }
}

extension UIScene {
    // UIKit fills it; apps never create one (the page says so), so no initializer is public here.
    // https://developer.apple.com/documentation/uikit/uiscene/connectionoptions
    @MainActor open class ConnectionOptions: NSObject {
        init(stand_in: Void) { super.init() }
        // https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/urlcontexts
        open var urlContexts: Set<UIOpenURLContext> { fatalError("stand-in") }
        // https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/useractivities
        open var userActivities: Set<NSUserActivity> { fatalError("stand-in") }
    }
}

// No app code here reads a session's members; the type is what the delegate method names.
// https://developer.apple.com/documentation/uikit/uiscenesession (page not found by the search tool; the
// class is the parameter type on the scene(_:willConnectTo:options:) page)
@MainActor open class UISceneSession: NSObject {
    init(stand_in: Void) { super.init() }
}

// UIWindowScene.h (iOS 17.0 SDK header read).
// https://developer.apple.com/documentation/uikit/uiwindowscene
@MainActor open class UIWindowScene: UIScene {
    // https://developer.apple.com/documentation/uikit/uiwindowscene/windows
    open var windows: [UIWindow] { fatalError("stand-in") }
    // https://developer.apple.com/documentation/uikit/uiwindowscene/keywindow
    open var keyWindow: UIWindow? { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/uikit/uiopenurlcontext
@MainActor open class UIOpenURLContext: NSObject {
    init(stand_in: Void) { super.init() }
    // https://developer.apple.com/documentation/uikit/uiopenurlcontext/url
    open var url: URL { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/uikit/uiscenedelegate
@MainActor public protocol UISceneDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    // The five life-cycle pages below were not found by the search tool; the selectors (`sceneDidDisconnect:`
    // …) are as objc2-ui-kit's generated UISceneDelegate bindings list them, in Swift's import of such names.
    // https://developer.apple.com/documentation/uikit/uiscenedelegate/scenediddisconnect(_:)
    func sceneDidDisconnect(_ scene: UIScene)
    // https://developer.apple.com/documentation/uikit/uiscenedelegate/scenedidbecomeactive(_:)
    func sceneDidBecomeActive(_ scene: UIScene)
    // https://developer.apple.com/documentation/uikit/uiscenedelegate/scenewillresignactive(_:)
    func sceneWillResignActive(_ scene: UIScene)
    // https://developer.apple.com/documentation/uikit/uiscenedelegate/scenewillenterforeground(_:)
    func sceneWillEnterForeground(_ scene: UIScene)
    // https://developer.apple.com/documentation/uikit/uiscenedelegate/scenedidenterbackground(_:)
    func sceneDidEnterBackground(_ scene: UIScene)
    // https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    // https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:continue:)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
}

// UIWindowScene.h (iOS 17.0 SDK header read): `@optional @property (nullable, nonatomic, strong) UIWindow *window`.
// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {
    // https://developer.apple.com/documentation/uikit/uiwindowscenedelegate/window
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}
