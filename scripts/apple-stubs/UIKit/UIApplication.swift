// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor open class UIApplication: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiapplication/shared
    open class var shared: UIApplication { fatalError("stand-in") }

    // Read-only (`var connectedScenes: Set<UIScene> { get }`), iOS 13.
    // https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes
    open var connectedScenes: Set<UIScene> { fatalError("stand-in") }

    // https://developer.apple.com/documentation/uikit/uiapplication/open(_:options:completionhandler:)
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
                   completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil) {}

    // The `async` form Swift derives from the completion-handler method above (so an `async` caller
    // that omits the handler gets this one and must `await` it, as on iOS).
    // https://developer.apple.com/documentation/uikit/uiapplication/open(_:options:completionhandler:)
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]) async -> Bool { fatalError("stand-in") }

    // https://developer.apple.com/documentation/uikit/uiapplication/canopenurl(_:)
    open func canOpenURL(_ url: URL) -> Bool { fatalError("stand-in") }

    // https://developer.apple.com/documentation/uikit/uiapplication/openurloptionskey
    public struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/uikit/uiapplication/openurloptionskey/sourceapplication
        public static let sourceApplication = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    }

    // https://developer.apple.com/documentation/uikit/uiapplication/openexternalurloptionskey
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/uikit/uiapplication/openexternalurloptionskey/universallinksonly
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }
}
