#if Emulator
import Foundation
import Hummingbird

/// `GET /` (the dashboard) and, with test controls, `POST /_emulator/dashboard/action` (its buttons).
///
/// The buttons change the emulator's state from a browser, so they are guarded against other sites: the
/// form must carry the emulator's random token (which only a page that could read the dashboard knows),
/// and a request the browser marks as cross-site or from a foreign `Origin` is refused before reading it.
struct DashboardRoute: Sendable {
    /// The state shown and changed.
    let store: EmulatorStore

    /// `GET /`; `?done=<action>` (set by the redirect after a button) adds a status line.
    func page(_ request: Request) -> Response {
        let done: TestControlAction.Kind? =
            if case .success(let query) = RouteSupport.query(of: request) {
                query.nonEmpty("done").flatMap(TestControlAction.Kind.init(rawValue:))
            } else {
                nil
            }
        let token = store.configuration.testControls ? store.dashboardCSRFToken : nil
        var response = Reply.html(DashboardPage.render(store.dashboardSnapshot(), csrfToken: token, done: done))
        // Under `no-referrer` (the other pages' policy) browsers send `Origin: null` with the page's own form
        // posts, which ``CrossSiteCheck`` must refuse; `same-origin` still sends nothing to other sites.
        response.headers[.referrerPolicy] = "same-origin"
        return response
    }

    /// `POST /_emulator/dashboard/action`: applies one test control, then 303 back to the dashboard so a
    /// reload does not post the form again.
    func action(_ request: Request) async -> Response {
        if CrossSiteCheck.refuses(request) {
            return Self.forbidden("This request came from another site.")
        }
        let params: FormParameters
        switch await RequestBodyReader.form(from: request) {
        case .success(let form): params = form
        case .failure(let failure): return failure.pageResponse
        }
        guard let token = params[DashboardPage.csrfField],
            ConstantTime.equals(token, store.dashboardCSRFToken)
        else {
            return Self.forbidden("The form is missing the dashboard's token. Reload the dashboard and try again.")
        }
        switch TestControlAction.parse(params) {
        case .success(let action):
            action.apply(to: store)
            return Reply.redirect(to: "/?done=\(action.kind.rawValue)", status: .seeOther)
        case .failure(let problem):
            return RouteSupport.errorPage(.badRequest, title: "Invalid request", message: "The \(problem.description).")
        }
    }

    /// 403 as a page: the request came from a browser, so a page is what its user sees.
    private static func forbidden(_ message: String) -> Response {
        RouteSupport.errorPage(.forbidden, title: "Forbidden", message: message)
    }
}
#endif
