// https://developer.apple.com/documentation/swiftui/localizedstringkey
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    public init(_ value: String) { fatalError("stand-in") }
    public init(stringLiteral value: String) { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/swiftui/text
@frozen public struct Text: Equatable, Sendable, View {
    // https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    public init<S: StringProtocol>(_ content: S) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
    public init(verbatim content: String) { fatalError("stand-in") }
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/swiftui/button
public struct Button<Label: View>: View {
    // https://developer.apple.com/documentation/swiftui/button/init(action:label:)
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) { fatalError("stand-in") }
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

extension Button where Label == Text {
    // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) { fatalError("stand-in") }
}

// https://developer.apple.com/documentation/swiftui/vstack (only `spacing:` of its parameters)
@frozen public struct VStack<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError("stand-in") }
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)
    public func onOpenURL(perform action: @escaping (URL) -> ()) -> some View { self }
}

// https://developer.apple.com/documentation/swiftui/state
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    // https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError("stand-in") }
        nonmutating set {}
    }
}

// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/disabled(_:)
    public func disabled(_ disabled: Bool) -> some View { self }
}
