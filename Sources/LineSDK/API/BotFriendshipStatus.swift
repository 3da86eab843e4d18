/// Whether the user has added the channel's linked official account as a friend (`GET /friendship/v1/status`).
public struct GetBotFriendshipStatusRequestResponse: Sendable, Equatable, Codable {
    /// `true` when the user is a friend and hasn't blocked the account.
    public let friendFlag: Bool

    /// Creates a status.
    public init(friendFlag: Bool) { self.friendFlag = friendFlag }
}

/// LINE's SDK name for the friendship status.
public typealias BotFriendshipStatus = GetBotFriendshipStatusRequestResponse
