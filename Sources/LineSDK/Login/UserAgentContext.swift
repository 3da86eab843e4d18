public import OAuthEngine

/// A presentation context that names the user agent for one login, e.g. a scripted agent in tests or a
/// loopback agent on a fixed port: `login(permissions: [.profile], in: UserAgentContext(agent))`.
public struct UserAgentContext: LoginPresentationContext {
    /// The user agent.
    public let userAgent: any UserAgent

    /// Wraps a user agent.
    public init(_ userAgent: any UserAgent) { self.userAgent = userAgent }
}
