#if Server
/// A LINE Login channel this server accepts tokens for: its ID (the `aud` of ID tokens, the `client_id`
/// of access tokens) and, for web login and HS256 ID tokens, its secret.
public struct LineChannel: Sendable, Equatable {
    /// The channel ID (10 digits on LINE).
    public var channelID: String
    /// The channel secret. Only needed for web login and to accept HS256 ID tokens (keyed with it).
    public var channelSecret: String?

    /// Creates a channel.
    public init(channelID: String, channelSecret: String? = nil) {
        self.channelID = channelID
        self.channelSecret = channelSecret
    }
}

extension LineChannel: CustomStringConvertible, CustomDebugStringConvertible {
    /// The ID; never the secret.
    public var description: String {
        "LineChannel(\(channelID), secret: \(channelSecret == nil ? "none" : "<redacted>"))"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }
}

extension LineChannel: CustomReflectable {
    /// What `dump` shows: never the secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["channelID": channelID, "channelSecret": channelSecret == nil ? "none" : "<redacted>"])
    }
}
#endif
