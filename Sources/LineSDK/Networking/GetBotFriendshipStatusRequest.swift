public import Foundation
public import LineLoginPlatform

/// `GET /friendship/v1/status`: whether the user has added the channel's linked official account as a
/// friend (`profile` permission). Send it with ``Session/send(_:callbackQueue:completionHandler:)`` or use
/// ``API/getBotFriendshipStatus(callbackQueue:completionHandler:)``.
public struct GetBotFriendshipStatusRequest: Request {
    /// The friendship status (`BotFriendshipStatus`, LINE's wire type, shared with the server kit).
    public typealias Response = BotFriendshipStatus

    /// `GET`.
    public let method: HTTPMethod = .get
    /// `/friendship/v1/status`.
    public let path = "/friendship/v1/status"
    /// The user's access token.
    public let authentication: AuthenticateMethod = .token

    /// Creates the request.
    public init() {}
}

/// This package's earlier name for ``GetBotFriendshipStatusRequest/Response``.
public typealias GetBotFriendshipStatusRequestResponse = GetBotFriendshipStatusRequest.Response
