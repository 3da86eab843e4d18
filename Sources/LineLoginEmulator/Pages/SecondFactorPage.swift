#if Emulator
import Foundation

/// The second-factor page, after a correct password for a user configured with a code; passing it
/// adds `mfa` to the ID token's `amr`.
///
/// Contract with scripted clients: a form posting to `/oauth2/v2.1/login` with the `session` field, an
/// input named `code`, and buttons `name="action"` with values `verify-code` and `cancel`.
enum SecondFactorPage {
    /// Renders the page for `sessionID`.
    static func render(sessionID: String, request: AuthorizationRequest, errorMessage: String? = nil) -> String {
        let text = PageText.of(request.locale)
        var body = "<h1>\(HTMLEscaping.escape(text.secondFactorHeading))</h1>\n"
        if let errorMessage {
            body += "<p class=\"error\" role=\"alert\">\(HTMLEscaping.escape(errorMessage))</p>\n"
        }
        body += """
            <form method="post" action="/oauth2/v2.1/login">
            <input type="hidden" name="session" value="\(HTMLEscaping.escape(sessionID))">
            <label for="code">\(HTMLEscaping.escape(text.secondFactorLabel))</label>
            <input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" autofocus>
            <div class="actions">
            <button type="submit" name="action" value="verify-code">\(HTMLEscaping.escape(text.verify))</button>
            <button type="submit" name="action" value="cancel">\(HTMLEscaping.escape(text.cancel))</button>
            </div>
            </form>

            """
        return PageLayout.document(title: text.secondFactorTitle, body: body, locale: request.locale)
    }
}
#endif
