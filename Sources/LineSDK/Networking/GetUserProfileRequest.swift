public import Foundation
public import LineLoginPlatform

/// `GET /v2/profile`: the user's profile (`profile` permission).
public struct GetUserProfileRequest: Request {
    /// The profile.
    public typealias Response = UserProfile

    /// `GET`.
    public let method: HTTPMethod = .get
    /// `/v2/profile`.
    public let path = "/v2/profile"
    /// The user's access token.
    public let authentication: AuthenticateMethod = .token

    /// Creates the request.
    public init() {}
}
