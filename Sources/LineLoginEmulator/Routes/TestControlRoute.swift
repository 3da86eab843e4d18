import Foundation
import Hummingbird

/// `/_emulator/…`: the test controls over HTTP, for test suites in other processes and languages.
/// Only served when ``EmulatorConfiguration/testControls`` is on (`line-login emulator --test-controls`);
/// otherwise these paths are 404 like any unknown path. Not part of LINE's API.
struct TestControlRoute: Sendable {
    let store: EmulatorStore

    /// `POST /_emulator/control` with `action` = `advance-clock` (+ `seconds`), `expire-access-tokens`,
    /// `rotate-signing-key` or `fail-next-auto-login`; answers the stats after the action.
    func control(_ request: Request) async -> Response {
        let params: FormParameters
        switch await RequestBodyReader.form(from: request) {
        case .success(let form): params = form
        case .failure(let failure): return failure.oauthResponse
        }
        switch params.nonEmpty("action") {
        case "advance-clock":
            // Bounded (100 years) so every time the emulator derives from its clock stays representable.
            guard let seconds = params.nonEmpty("seconds").flatMap(TimeInterval.init), seconds.isFinite, seconds >= 0,
                  seconds <= 100 * 365 * 86_400 else {
                return Reply.oauthError(.badRequest, "invalid_request", "seconds must be a number from 0 to 100 years")
            }
            store.advanceClock(by: seconds)
        case "expire-access-tokens":
            store.expireAccessTokens()
        case "rotate-signing-key":
            _ = store.rotateSigningKey()
        case "fail-next-auto-login":
            store.failNextAutoLogin()
        default:
            return Reply.oauthError(.badRequest, "invalid_request",
                                    "action must be advance-clock, expire-access-tokens, rotate-signing-key or fail-next-auto-login")
        }
        return stats()
    }

    /// `GET /_emulator/stats`: counts of what the emulator holds (purges expired records first).
    func stats() -> Response {
        Reply.json(store.stats())
    }
}
