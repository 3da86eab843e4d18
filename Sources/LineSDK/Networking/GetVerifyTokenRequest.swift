public import Foundation
public import LineLoginPlatform

/// `GET /oauth2/v2.1/verify`: the channel, permissions and remaining life of an access token.
public struct GetVerifyTokenRequest: Request {
    /// The verify answer.
    public typealias Response = AccessTokenVerifyResult

    /// The access token to verify.
    public let accessToken: String

    /// Creates the request for `accessToken`.
    public init(accessToken: String) { self.accessToken = accessToken }

    /// `GET`.
    public let method: HTTPMethod = .get
    /// `/oauth2/v2.1/verify`.
    public let path = "/oauth2/v2.1/verify"
    /// None: the token travels as the `access_token` query parameter.
    public let authentication: AuthenticateMethod = .none

    /// `access_token`.
    public var parameters: Parameters? { ["access_token": accessToken] }
}

extension GetVerifyTokenRequest: CustomStringConvertible {
    /// Never shows the token.
    public var description: String { "GetVerifyTokenRequest(accessToken: <redacted>)" }
}
