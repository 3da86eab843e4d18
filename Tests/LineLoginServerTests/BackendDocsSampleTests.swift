#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
import Hummingbird
import LineLoginEmulator
import LineLoginServer
import LineLoginHummingbird
import LineLoginTesting
import LineSDK
import OAuthEngine
import Testing

/// The Hummingbird code of `docs/backend.md` ("Verifying an app's ID token"), line for line except that
/// the platform is a parameter, run against the emulator.
func backendRouter(platform: LinePlatform) throws -> Router<LineRequestContext> {
    let channel = LineChannel(channelID: "1234567890") // your LINE Login channel
    let nonces = MemoryNonceStore() // one per process; or your own NonceStore
    let idTokens = try IDTokenVerifier(channels: [channel], platform: platform, nonceStore: nonces)
    let accessTokens = try AccessTokenVerifier(channelIDs: [channel.channelID], platform: platform)

    let router = Router(context: LineRequestContext.self)

    // 1. The app asks for a nonce and logs in with it (LoginManager.Parameters.IDTokenNonce).
    router.post("/auth/nonce") { _, context in
        try await nonces.issue(for: context.nonceClient) // the quota's key: the remote address
    }

    // 2. The app sends the raw ID token; the server verifies it and consumes the nonce.
    struct SignIn: Decodable { let idToken: String }
    router.post("/auth/line") { request, context -> Response in
        guard let body = try? await request.decode(as: SignIn.self, context: context) else {
            return Response(status: .badRequest)
        }
        let verified: VerifiedIDToken
        do throws(VerificationError) { verified = try await idTokens.verify(body.idToken) } catch {
            return Response(status: error.isUnavailable ? .serviceUnavailable : .unauthorized) // 503: LINE down
        }
        // verified.user.userID can be trusted now: find or create the account, start your session.
        return try context.responseEncoder.encode(verified.user, from: request, context: context)
    }

    // 3. API calls carry `Authorization: Bearer <access token or ID token>`.
    router.group("api")
        .add(middleware: LineBearerMiddleware(accepting: .accessOrIDTokens(accessTokens, idTokens)))
        .get("me") { _, context in
            context.lineUser?.displayName ?? ""
        }
    return router
}

@Suite(.serialized) struct BackendDocsSampleTests {
    @Test func theDocumentedBackendWorks() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let server = try await TestServer.start(try backendRouter(platform: fixture.platform))

        let nonceResponse = try await HTTPClient.send(server.url("/auth/nonce"), method: "POST")
        #expect(nonceResponse.status == 200)
        let nonce = nonceResponse.text
        #expect(nonce.count == 43)

        let tokens = try await fixture.tokens(nonce: nonce)
        let idToken = try #require(tokens.IDToken)
        let body = try JSONSerialization.data(withJSONObject: ["idToken": idToken])
        let signIn = try await HTTPClient.send(
            server.url("/auth/line"), method: "POST", headers: ["Content-Type": "application/json"], body: body)
        #expect(signIn.status == 200)
        #expect(signIn.json?["userID"] as? String == "U4af4980629e3b1d6e1c0a6b1b1c3e9f1")
        #expect(signIn.json?["displayName"] as? String == "Brown")

        let replay = try await HTTPClient.send(
            server.url("/auth/line"), method: "POST", headers: ["Content-Type": "application/json"], body: body)
        #expect(replay.status == 401, "the nonce was consumed")
        let garbage = try await HTTPClient.send(
            server.url("/auth/line"), method: "POST", headers: ["Content-Type": "application/json"],
            body: Data("{\"idToken\":\"x\"}".utf8))
        #expect(garbage.status == 401)
        let malformed = try await HTTPClient.send(server.url("/auth/line"), method: "POST", body: Data("nope".utf8))
        #expect(malformed.status == 400)

        for token in [tokens.accessToken, idToken] {
            let me = try await HTTPClient.send(server.url("/api/me"), headers: ["Authorization": "Bearer \(token)"])
            #expect(me.status == 200)
            #expect(me.text == "Brown")
        }
        #expect(try await HTTPClient.send(server.url("/api/me")).status == 401)
        await server.stop()
        await fixture.stop()
    }
}
#endif
