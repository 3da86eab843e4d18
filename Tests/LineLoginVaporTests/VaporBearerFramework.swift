#if Vapor && Emulator
import Foundation
import LineLoginServer
@testable import LineLoginServerTestSupport
import LineLoginVapor
import Vapor
import VaporTesting

/// LineLoginVapor's middleware in Vapor's in-memory tester (no socket).
struct VaporBearerFramework: BearerFramework {
    let name = "Vapor"

    func probe(_ accepted: AcceptedTokens, isRequired: Bool, headers: [(String, String)]) async throws -> BearerProbe {
        try await withApp { app in
            app.grouped(LineBearerMiddleware(accepting: accepted, isRequired: isRequired))
                .get("me") { request in request.lineUser?.userID ?? "anonymous" }
            var requestHeaders = HTTPHeaders()
            for (name, value) in headers { requestHeaders.add(name: name, value: value) }
            var probe = BearerProbe(status: 0, headers: [:], body: Data())
            try await app.testing().test(.GET, "/me", headers: requestHeaders) { response in
                var lowered: [String: String] = [:]
                for (name, value) in response.headers { lowered[name.lowercased()] = value }
                probe = BearerProbe(status: Int(response.status.code), headers: lowered, body: Data(response.body.readableBytesView))
            }
            return probe
        }
    }
}
#endif
