// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
// Apple's requirements are `@objc optional`; here they are protocol requirements with empty defaults.
@MainActor public protocol UIApplicationDelegate: AnyObject {
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:)
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:open:options:)
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
}

extension UIApplicationDelegate {
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { false }
}

extension UIApplication {
    // https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

// https://developer.apple.com/documentation/uikit/uiscene
@MainActor open class UIScene: UIResponder {}

// https://developer.apple.com/documentation/uikit/uiopenurlcontext
@MainActor open class UIOpenURLContext: NSObject {
    // https://developer.apple.com/documentation/uikit/uiopenurlcontext/url
    open var url: URL { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/uikit/uiscenedelegate
// As `UIApplicationDelegate`: Apple's `@objc optional` requirements become requirements with defaults.
@MainActor public protocol UISceneDelegate: AnyObject {
    // https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {}
