#if Emulator
import Foundation
import Hummingbird
import LineLoginPrimitives
import Logging

/// Dispatches every request itself, so that unknown paths, wrong methods and bad input get
/// LINE's error shapes instead of Hummingbird's defaults, and so nothing ever becomes a 500.
struct EmulatorResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let store: EmulatorStore
    let logger: Logger

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        store.noteRequest()
        // Method and path only: queries and bodies carry codes and tokens.
        logger.debug("request", metadata: ["method": "\(request.method)", "path": "\(request.uri.path)"])
        let response = await route(request)
        store.noteAnswered()
        return Reply.finished(response)
    }

    private func route(_ request: Request) async -> Response {
        guard ReflectedInput.fits(request.head.path ?? "", as: .requestTarget) else {
            return RouteSupport.errorPage(.uriTooLong, title: "URI too long", message: "The request is too long.")
        }
        let method = request.method
        switch request.uri.path {
        case "/":
            guard method == .get else { return Self.methodNotAllowed(json: false, allow: "GET") }
            guard answersDashboard(request) else { return Self.foreignHost(json: false) }
            return DashboardRoute(store: store).page(request)
        case "/.well-known/openid-configuration":
            guard method == .get else { return Self.methodNotAllowed(json: true, allow: "GET") }
            return DiscoveryRoute(store: store).configuration(request)
        case "/oauth2/v2.1/certs":
            guard method == .get else { return Self.methodNotAllowed(json: true, allow: "GET") }
            return DiscoveryRoute(store: store).certificates(request)
        case "/oauth2/v2.1/authorize":
            guard method == .get else { return Self.methodNotAllowed(json: false, allow: "GET") }
            return AuthorizeRoute(store: store, logger: logger).handle(request)
        case "/oauth2/v2.1/login":
            guard method == .post else { return Self.methodNotAllowed(json: false, allow: "POST") }
            return await LoginRoute(store: store).handle(request)
        case QRScanRoute.path:
            guard method == .get else { return Self.methodNotAllowed(json: false, allow: "GET") }
            return QRScanRoute(store: store).handle(request)
        case "/app/oauth2/v2.1/login":
            guard method == .get else { return Self.methodNotAllowed(json: false, allow: "GET") }
            return LineAppLoginRoute(store: store).handle(request)
        case "/oauth2/v2.1/consent":
            guard method == .post else { return Self.methodNotAllowed(json: false, allow: "POST") }
            return await ConsentRoute(store: store).handle(request)
        case "/oauth2/v2.1/token":
            guard method == .post else { return Self.methodNotAllowed(json: true, allow: "POST") }
            return await TokenRoute(store: store, logger: logger).handle(request)
        case "/oauth2/v2.1/verify":
            switch method {
            case .get: return VerifyRoute(store: store).verifyAccessToken(request)
            case .post: return await VerifyRoute(store: store).verifyIDToken(request)
            default: return Self.methodNotAllowed(json: true, allow: "GET, POST")
            }
        case "/oauth2/v2.1/revoke":
            guard method == .post else { return Self.methodNotAllowed(json: true, allow: "POST") }
            return await RevokeRoute(store: store).handle(request)
        case "/oauth2/v3/token":
            guard method == .post else { return Self.methodNotAllowed(json: true, allow: "POST") }
            return await ChannelTokenRoute(store: store).handle(request)
        case "/user/v1/deauthorize":
            guard method == .post else { return Self.methodNotAllowed(api: true, allow: "POST") }
            return await DeauthorizeRoute(store: store).handle(request)
        case "/oauth2/v2.1/userinfo":
            guard method == .get || method == .post else { return Self.methodNotAllowed(json: true, allow: "GET, POST") }
            return UserRoutes(store: store).userinfo(request)
        case "/v2/profile":
            guard method == .get else { return Self.methodNotAllowed(api: true, allow: "GET") }
            return UserRoutes(store: store).profile(request)
        case "/friendship/v1/status":
            guard method == .get else { return Self.methodNotAllowed(api: true, allow: "GET") }
            return UserRoutes(store: store).friendship(request)
        case "/_emulator/control" where store.configuration.testControls:
            guard method == .post else { return Self.methodNotAllowed(json: true, allow: "POST") }
            guard answersDashboard(request) else { return Self.foreignHost(json: true) }
            return await TestControlRoute(store: store).control(request)
        case DashboardPage.actionPath where store.configuration.testControls:
            guard method == .post else { return Self.methodNotAllowed(json: false, allow: "POST") }
            guard answersDashboard(request) else { return Self.foreignHost(json: false) }
            return await DashboardRoute(store: store).action(request)
        case "/_emulator/stats" where store.configuration.testControls:
            guard method == .get else { return Self.methodNotAllowed(json: true, allow: "GET") }
            guard answersDashboard(request) else { return Self.foreignHost(json: true) }
            return TestControlRoute(store: store).stats()
        default:
            return Reply.apiError(.notFound, "Not found")
        }
    }

    /// Whether the request's `Host` is one the dashboard and the test controls answer (``LoopbackHost``,
    /// against DNS rebinding): a loopback name, any IP literal, or one of
    /// ``EmulatorConfiguration/dashboardHosts``. IP literals, because the emulator may listen on a LAN
    /// address or `0.0.0.0` and print that address as the dashboard's; a `Host` that is an address was
    /// never resolved, so it can't have been rebound. No `Host` at all passes: browsers always send one.
    private func answersDashboard(_ request: Request) -> Bool {
        LoopbackHost.allows(request.head.authority, extraNames: store.configuration.dashboardHosts, anyAddress: true)
    }

    /// 403 for a dashboard or test-control request under a foreign `Host`, in the endpoint's own shape.
    private static func foreignHost(json: Bool) -> Response {
        let message =
            "The dashboard and the test controls answer only under localhost or an IP address such as 127.0.0.1 "
            + "(another name may be a page re-resolved to this machine); --dashboard-host adds a name."
        if json { return Reply.oauthError(.forbidden, "invalid_request", message) }
        return RouteSupport.errorPage(.forbidden, title: "Forbidden", message: message)
    }

    /// 405 in the endpoint's own error shape.
    private static func methodNotAllowed(json: Bool = false, api: Bool = false, allow: String) -> Response {
        var response: Response
        if api {
            response = Reply.apiError(.methodNotAllowed, "Method not allowed")
        } else if json {
            response = Reply.oauthError(.methodNotAllowed, "invalid_request", "method not allowed; use \(allow)")
        } else {
            response = RouteSupport.errorPage(.methodNotAllowed, title: "Method not allowed", message: "Use \(allow).")
        }
        response.headers[.allow] = allow
        return response
    }
}
#endif
