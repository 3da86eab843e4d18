#if Emulator
/// Why a ``TestLinePlatform`` could not do what a test asked.
public enum LineLoginTestingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No channel with this channel ID was registered when the platform started.
    case unknownChannel(channelID: String)
    /// No user with this user ID was registered when the platform started.
    case unknownUser(userID: String)
    /// The channel has no callback URL to send the sign-in back to.
    case noCallbackURL(channelID: String)

    /// A sentence saying what went wrong and what to do.
    public var description: String {
        switch self {
        case .unknownChannel(let channelID):
            return "The test LINE platform has no channel \(channelID): pass it in `channels:` when you start the platform."
        case .unknownUser(let userID):
            return "The test LINE platform has no user \(userID): pass it in `users:` when you start the platform."
        case .noCallbackURL(let channelID):
            return "Channel \(channelID) has no callback URL to sign in with: give it one in `callbackURLs`."
        }
    }
}
#endif
