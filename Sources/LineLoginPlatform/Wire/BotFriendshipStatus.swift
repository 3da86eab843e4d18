/// Whether the user has added the channel's linked LINE Official Account as a friend and not blocked it
/// (`GET /friendship/v1/status`, `profile` permission). LineSDK names it `GetBotFriendshipStatusRequest.Response`,
/// as LINE's SDK does.
public struct BotFriendshipStatus: Codable, Sendable, Equatable {
    /// `true` when the user is a friend and hasn't blocked the account.
    public let friendFlag: Bool

    /// Creates a status.
    public init(friendFlag: Bool) { self.friendFlag = friendFlag }
}
