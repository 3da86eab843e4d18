// Wrapping a UIKit view (iOS, tvOS; unavailable on macOS and watchOS). In the iOS 17 SDK's interface each
// requirement is `@MainActor(unsafe)`, the spelling Swift prints for `@preconcurrency @MainActor`; later
// SDKs isolate the whole protocol (LATER_SDK_ISOLATION), as Apple's page shows today. Only `makeUIView` and
// `updateUIView` lack defaults: a representable without `updateUIView(_:context:)` does not compile.
// The iOS 17 interface was not re-read for these members (it is 1.5 MB); the isolation is as recalled from
// the Xcode 15 interface, and each signature is checked against the page beside it.
#if canImport(UIKit)

    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable
    #if LATER_SDK_ISOLATION
        @MainActor @preconcurrency public protocol UIViewRepresentable: View where Self.Body == Never {
            associatedtype UIViewType: UIView
            func makeUIView(context: Self.Context) -> Self.UIViewType
            func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
            static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)
            associatedtype Coordinator = Void
            func makeCoordinator() -> Self.Coordinator
            typealias Context = UIViewRepresentableContext<Self>
        }
    #else
        public protocol UIViewRepresentable: View where Self.Body == Never {
            // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/uiviewtype
            associatedtype UIViewType: UIView
            // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makeuiview(context:)
            @preconcurrency @MainActor func makeUIView(context: Self.Context) -> Self.UIViewType
            // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/updateuiview(_:context:)
            // (this page and the two for dismantleUIView and Context were seen only in third-party copies)
            @preconcurrency @MainActor func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
            // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/dismantleuiview(_:coordinator:)
            @preconcurrency @MainActor static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)
            // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/coordinator
            associatedtype Coordinator = Void
            // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makecoordinator()
            @preconcurrency @MainActor func makeCoordinator() -> Self.Coordinator
            // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/context
            typealias Context = UIViewRepresentableContext<Self>
        }
    #endif

    extension UIViewRepresentable where Self.Coordinator == Void {
        @preconcurrency @MainActor public func makeCoordinator() -> Self.Coordinator { () }
    }

    extension UIViewRepresentable {
        @preconcurrency @MainActor public static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator) {}
        // A representable is a primitive view: SwiftUI supplies its (never-called) body.
        public var body: Never { fatalError("stand-in") }
    }

    // Of its members only `coordinator` is declared here (a read-only `let` in Apple's interface).
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext
    public struct UIViewRepresentableContext<Representable> where Representable: UIViewRepresentable {
        // https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext/coordinator
        @preconcurrency @MainActor public var coordinator: Representable.Coordinator { fatalError("stand-in") }
    }

#endif
