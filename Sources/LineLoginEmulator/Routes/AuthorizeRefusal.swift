#if Emulator
import Foundation

/// Why `GET /oauth2/v2.1/authorize` refuses a request, and so how it must answer.
enum AuthorizeRefusal: Error, Sendable, Equatable {
    /// The query is malformed, or the `client_id` or `redirect_uri` can't be trusted: nothing may be
    /// redirected anywhere (an open redirector otherwise), so the user sees an error page with `message`.
    case errorPage(message: String)
    /// The client and its callback are known: the error goes back to `redirectURI` with an `error` code
    /// spelled as ``RedirectErrorCode`` decides, its `description` and the request's `state` when it sent one.
    case redirect(redirectURI: String, error: String, description: String, state: String?)
}
#endif
