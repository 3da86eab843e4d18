/// Where the login UI is shown. On iOS a `UIViewController` is one (through the Apple adapter);
/// on Linux and macOS command lines a ``UserAgentContext`` names the user agent to use.
/// Omitted (`nil`), the platform's default user agent is used.
public protocol LoginPresentationContext: Sendable {}
