#if Server && Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginServer
import OAuthEngine

/// What a framework's bearer middleware answered, in neutral terms, so one table of cases checks every
/// framework's glue (the refusal table is the core's; each framework only renders it).
struct BearerProbe: Sendable {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: Data

    var json: [String: String] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: String] ?? [:]
    }
}

/// A web framework with LINE's bearer middleware on `GET /me` (answering the user ID), driven in-process.
protocol BearerFramework: Sendable {
    var name: String { get }
    /// Sends `GET /me` with `headers` through `accepted`'s middleware (`isRequired` as given).
    func probe(_ accepted: AcceptedTokens, isRequired: Bool, headers: [(String, String)]) async throws -> BearerProbe
}

/// The verifiers the cases use: HS256 ID tokens keyed with the test channel's secret (no network), and
/// access tokens against a LINE that is down (503, `Retry-After: 60`).
enum BearerFixtures {
    static func idTokens(clock: TestClock) throws -> IDTokenVerifier {
        let transport = ScriptedTransport { _ throws(TransportError) in HTTPResponse(statusCode: 404) }
        return try IDTokenVerifier(
            channels: [LineChannel(channelID: TestTokens.channelID, channelSecret: TestTokens.secret)],
            transport: transport, clock: clock)
    }

    static func accessTokensDuringAnOutage() throws -> AccessTokenVerifier {
        let transport = ScriptedTransport { _ throws(TransportError) in
            HTTPResponse(statusCode: 503, headers: ["Retry-After": "60"], body: Data())
        }
        return try AccessTokenVerifier(channelIDs: [TestTokens.channelID], transport: transport)
    }
}
#endif
