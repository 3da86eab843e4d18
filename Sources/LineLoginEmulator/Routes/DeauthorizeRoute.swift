#if Emulator
import Foundation
import Hummingbird

/// `POST /user/v1/deauthorize`: ends what a user authorized for the channel (LINE requires apps to call
/// it when a user withdraws). Bearer: a channel access token; JSON body `{"userAccessToken": "…"}`;
/// 204 on success. LINE's reference doesn't list the errors: the emulator answers 401 for a missing or
/// dead channel access token and 400 for a user token that is unknown, expired or another channel's,
/// in LINE's API error shape (`{"message"}`).
struct DeauthorizeRoute: Sendable {
    let store: EmulatorStore

    private struct Body: Decodable {
        let userAccessToken: String
    }

    func handle(_ request: Request) async -> Response {
        guard let token = RouteSupport.bearerToken(of: request), let channelID = store.channelID(forChannelAccessToken: token) else {
            return Reply.withBearerChallenge(
                Reply.apiError(.unauthorized, "Authentication failed. Confirm that the access token in the authorization header is valid."),
                error: "invalid_token")
        }
        let contentType = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard contentType == "application/json" else { return Reply.apiError(.badRequest, "The request body must be JSON.") }
        let body: Body
        do {
            let buffer = try await request.body.collect(upTo: RequestBodyReader.maxBodySize)
            body = try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
        } catch {
            return Reply.apiError(.badRequest, "The request body must be {\"userAccessToken\": \"…\"}.")
        }
        guard store.deauthorize(userAccessToken: body.userAccessToken, channelID: channelID) else {
            return Reply.apiError(.badRequest, "Invalid user access token.")
        }
        return Reply.empty(.noContent)
    }
}
#endif
