import Foundation
import LineSDK
import OAuthEngine

/// `GET /v2/profile` with a bearer access token.
struct ProfileClient: Sendable {
    let url: URL
    let transport: any HTTPTransport
    let timeout: TimeInterval

    /// Why the profile could not be read.
    enum Failure: Error {
        /// 401: the token is not (or no longer) valid.
        case unauthorized(ServerError)
        /// 403: the token lacks the `profile` scope.
        case forbidden(ServerError)
        /// Anything else: transport, 5xx, other 4xx, or an unreadable body.
        case other(OAuthError)
    }

    func profile(accessToken: String) async throws(Failure) -> UserProfile {
        let response: HTTPResponse
        do {
            response = try await transport.send(.bearer(url: url, accessToken: accessToken, timeout: timeout))
        } catch {
            throw .other(.transport(error))
        }
        switch response.statusCode {
        case 200..<300:
            do { return try JSONDecoder().decode(UserProfile.self, from: response.body) } catch {
                throw .other(.invalidResponse(ServerError(response: response, reason: "profile is not LINE's profile JSON")))
            }
        case 401: throw .unauthorized(ServerError(response: response))
        case 403: throw .forbidden(ServerError(response: response))
        default: throw .other(.server(ServerError(response: response)))
        }
    }
}
