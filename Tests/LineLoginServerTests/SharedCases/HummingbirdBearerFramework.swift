#if Hummingbird && Emulator
import Foundation
import Hummingbird
import HummingbirdTesting
import LineLoginHummingbird
import LineLoginServer
@testable import LineLoginServerTestSupport

/// LineLoginHummingbird's middleware in HummingbirdTesting's in-process router (no socket).
struct HummingbirdBearerFramework: BearerFramework {
    let name = "Hummingbird"

    func probe(_ accepted: AcceptedTokens, isRequired: Bool, headers: [(String, String)]) async throws -> BearerProbe {
        let router = Router(context: LineRequestContext.self)
        router.group("me").add(middleware: LineBearerMiddleware(accepting: accepted, isRequired: isRequired))
            .get { _, context in context.lineUser?.userID ?? "anonymous" }
        var fields = HTTPFields()
        for (name, value) in headers {
            if let field = HTTPFields.Element.Name(name) { fields.append(HTTPFields.Element(name: field, value: value)) }
        }
        let requestHeaders = fields
        return try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/me", method: .get, headers: requestHeaders) { response in
                var lowered: [String: String] = [:]
                for field in response.headers { lowered[field.name.canonicalName] = field.value }
                return BearerProbe(status: Int(response.status.code), headers: lowered, body: Data(response.body.readableBytesView))
            }
        }
    }
}
#endif
