#if Server
import Foundation
import OAuthEngine

/// `POST /oauth2/v2.1/verify` with an ID token: LINE checks it and answers with the claim set.
struct RemoteIDTokenCheck: Sendable {
    let url: URL
    let issuer: String
    let transport: any HTTPTransport
    let timeout: TimeInterval

    /// LINE's `error_description`s and the engine's reasons they mean.
    static let knownRefusals: [String: IDTokenError] = [
        "idtoken expired.": .expired,
        "invalid idtoken audience.": .audienceMismatch,
        "invalid idtoken nonce.": .nonceMismatch,
        "invalid idtoken subject identifier.": .subjectMismatch,
    ]

    func verify(_ idToken: String, channelID: String, nonce: String?, userID: String?) async throws(VerificationError) -> [String:
        JSONValue]
    {
        var fields = [("id_token", idToken), ("client_id", channelID)]
        if let nonce { fields.append(("nonce", nonce)) }
        if let userID { fields.append(("user_id", userID)) }
        let response: HTTPResponse
        do { response = try await transport.perform(.form(url: url, fields: fields, timeout: timeout)) } catch {
            throw .unavailable(.transport(error))
        }
        guard response.isSuccess else {
            let error = ServerError(response: response)
            if HTTPResponse.isOutage(statusCode: error.statusCode) { throw .unavailable(.server(error)) }
            let message = error.message?.lowercased() ?? ""
            if let known = Self.knownRefusals[message] { throw .idToken(known) }
            if message == "invalid idtoken issuer." { throw .idToken(.issuerMismatch(expected: issuer, actual: nil)) }
            throw .rejectedByLINE(error)
        }
        do { return try JSONValue.parseObject(response.body) } catch {
            throw .unavailable(
                .invalidResponse(ServerError(response: response, reason: "verify answered something other than a claim set")))
        }
    }
}
#endif
