// The SwiftUI app life cycle: `App`, `Scene`, `WindowGroup`, and the UIKit app-delegate adaptor. As for
// `View`, the iOS 17 SDK isolates the members (`@MainActor(unsafe)`, i.e. `@preconcurrency @MainActor`)
// and later SDKs the whole protocol (LATER_SDK_ISOLATION), as Apple's pages show today. The iOS 17
// member spelling is as recalled from the Xcode 15 interface, not re-read here.

// https://developer.apple.com/documentation/swiftui/app
#if LATER_SDK_ISOLATION
    @MainActor @preconcurrency public protocol App {
        associatedtype Body: Scene
        @SceneBuilder var body: Self.Body { get }
        init()
    }
#else
    public protocol App {
        // https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype
        associatedtype Body: Scene
        // https://developer.apple.com/documentation/swiftui/app/body-swift.property
        @SceneBuilder @preconcurrency @MainActor var body: Self.Body { get }
        // https://developer.apple.com/documentation/swiftui/app/init() (page not found by the search tool;
        // the App page says every conformer provides it)
        @preconcurrency @MainActor init()
    }
#endif

extension App {
    // What `@main` calls.
    // https://developer.apple.com/documentation/swiftui/app/main() (page not found by the search tool; the
    // App page names this default implementation)
    @preconcurrency @MainActor public static func main() {}
}

// https://developer.apple.com/documentation/swiftui/scene
#if LATER_SDK_ISOLATION
    @MainActor @preconcurrency public protocol Scene {
        associatedtype Body: Scene
        @SceneBuilder var body: Self.Body { get }
    }
#else
    public protocol Scene {
        // https://developer.apple.com/documentation/swiftui/scene/body-swift.associatedtype
        associatedtype Body: Scene
        // https://developer.apple.com/documentation/swiftui/scene/body-swift.property
        @SceneBuilder @preconcurrency @MainActor var body: Self.Body { get }
    }
#endif

// Primitive scenes have `Never` as their body, as primitive views do.
extension Never: Scene {}

// Only the one-scene block is declared (an app body with several scenes fails here though it compiles
// with Xcode: stricter, never looser).
// https://developer.apple.com/documentation/swiftui/scenebuilder
@resultBuilder public struct SceneBuilder {
    // https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

// https://developer.apple.com/documentation/swiftui/windowgroup
public struct WindowGroup<Content: View>: Scene {
    // The iOS 17 SDK takes a `@ViewBuilder` closure; today's page shows `@ContentBuilder`, which that SDK
    // does not have.
    // https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
    public init(@ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

#if canImport(UIKit)
    // Only for an `NSObject` that adopts `UIApplicationDelegate`, as Apple constrains it. The
    // ObservableObject overload is left out (Combine has no stand-in). Main-actor isolated as the page shows
    // today; whether the iOS 17 SDK already isolated it could not be checked (its SwiftUI interface was not
    // read): if not, this is stricter for that SDK, and an `App` holding it must be `@MainActor` there.
    // https://developer.apple.com/documentation/swiftui/uiapplicationdelegateadaptor
    @MainActor @preconcurrency @propertyWrapper
    public struct UIApplicationDelegateAdaptor<DelegateType>: DynamicProperty
    where DelegateType: NSObject, DelegateType: UIApplicationDelegate {
        // https://developer.apple.com/documentation/swiftui/uiapplicationdelegateadaptor/init(_:)-59sfu
        public init(_ delegateType: DelegateType.Type = DelegateType.self) {}
        // https://developer.apple.com/documentation/swiftui/uiapplicationdelegateadaptor/wrappedvalue
        public var wrappedValue: DelegateType { fatalError("stand-in") }
    }
#endif
