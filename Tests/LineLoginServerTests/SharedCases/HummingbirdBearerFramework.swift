#if Hummingbird && Emulator
import Foundation
import Hummingbird
import LineLoginHummingbird
import LineLoginServer
@testable import LineLoginServerTestSupport

/// LineLoginHummingbird's middleware on a router answering in process (no socket).
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
        let answer = try await HummingbirdRouterClient(router).send(.get, "/me", headers: fields)
        var lowered: [String: String] = [:]
        for field in answer.headers { lowered[field.name.canonicalName] = field.value }
        return BearerProbe(status: Int(answer.status.code), headers: lowered, body: Data(answer.body.readableBytesView))
    }
}
#endif
