#if Server
/// A verifier or web login was configured in a way that can't be used safely (no channel, a plain
/// `http` endpoint that is not loopback, web login without a channel secret, …).
public struct LineServerConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong; never contains a secret.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
#endif
