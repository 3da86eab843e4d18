public import Foundation

/// The result of verifying an access token (`GET /oauth2/v2.1/verify`).
public struct AccessTokenVerifyResult: Sendable, Equatable, Codable {
    /// The channel the token was issued to; compare with yours.
    public let channelID: String
    /// The granted permissions.
    public let permissions: [LoginPermission]
    /// Seconds until expiry.
    public let expiresIn: TimeInterval

    enum CodingKeys: String, CodingKey {
        case channelID = "client_id"
        case scope
        case expiresIn = "expires_in"
    }

    /// Decodes LINE's JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        channelID = try container.decode(String.self, forKey: .channelID)
        let scope = try container.decodeIfPresent(String.self, forKey: .scope) ?? ""
        permissions = scope.split(separator: " ").map { LoginPermission(rawValue: String($0)) }
        expiresIn = try container.decode(TimeInterval.self, forKey: .expiresIn)
    }

    /// Encodes LINE's JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(channelID, forKey: .channelID)
        try container.encode(permissions.map(\.rawValue).joined(separator: " "), forKey: .scope)
        try container.encode(expiresIn, forKey: .expiresIn)
    }
}
