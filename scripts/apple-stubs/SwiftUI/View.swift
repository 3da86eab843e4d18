// Stand-in for the subset of Apple's SwiftUI (iOS 17 SDK) that app code here uses. In that SDK only
// `body` is main-actor isolated; later SDKs isolate the whole `View` protocol (LATER_SDK_ISOLATION).
@_exported import Foundation
@_exported import AppleFoundationShim

// SwiftUI's clang module umbrella (SwiftUI.h of the iOS 17.0 SDK, read through the search tool) imports
// <UIKit/UIKit.h> on every platform but macOS, where it imports AppKit: `import SwiftUI` alone brings UIKit.
#if canImport(UIKit)
    @_exported import UIKit
#endif

// https://developer.apple.com/documentation/swiftui/view
#if LATER_SDK_ISOLATION
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor var body: Self.Body { get }
}
#else
public protocol View {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View
    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    @ViewBuilder @MainActor var body: Self.Body { get }
}
#endif

// https://developer.apple.com/documentation/swift/never (SwiftUI makes it a `View` for primitive views)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { EmptyView() }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-7xvt2 (variadic, iOS 17)
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        fatalError("stand-in")
    }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}

// https://developer.apple.com/documentation/swift/optional (SwiftUI: `Optional: View where Wrapped: View`)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/swiftui/emptyview
@frozen public struct EmptyView: View {
    @inlinable public init() {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/swiftui/tupleview
@frozen public struct TupleView<T>: View {
    public var value: T
    @inlinable public init(_ value: T) { self.value = value }
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}
