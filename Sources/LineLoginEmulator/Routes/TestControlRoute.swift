#if Emulator
import Foundation
import Hummingbird

/// `/_emulator/…`: the test controls over HTTP, for test suites in other processes and languages.
/// Only served when ``EmulatorConfiguration/testControls`` is on (`line-login emulator --test-controls`);
/// otherwise these paths are 404 like any unknown path. Not part of LINE's API.
struct TestControlRoute: Sendable {
    let store: EmulatorStore

    /// `POST /_emulator/control` with `action` = `advance-clock` (+ `seconds`), `reset-clock`,
    /// `expire-access-tokens`, `rotate-signing-key` or `fail-next-auto-login`; answers the stats after the action.
    func control(_ request: Request) async -> Response {
        // Any page can post this form without a preflight; test suites send no Origin and pass.
        if CrossSiteCheck.refuses(request) {
            return Reply.oauthError(.forbidden, "invalid_request", "cross-site requests are refused")
        }
        let params: FormParameters
        switch await RequestBodyReader.form(from: request) {
        case .success(let form): params = form
        case .failure(let failure): return failure.oauthResponse
        }
        switch TestControlAction.parse(params) {
        case .success(let action): action.apply(to: store)
        case .failure(let problem): return Reply.oauthError(.badRequest, "invalid_request", problem.description)
        }
        return stats()
    }

    /// `GET /_emulator/stats`: counts of what the emulator holds (purges expired records first).
    func stats() -> Response {
        Reply.json(store.stats())
    }
}
#endif
