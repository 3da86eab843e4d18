#if Emulator
import Foundation

/// The "continue as" screen of an SSO session when auto login is off (`disable_auto_login=true`):
/// one press signs in as the session's user (`amr` `linesso`).
///
/// Contract with scripted clients: a form posting to `/oauth2/v2.1/login` with the `session` field and
/// buttons `name="action"` with values `continue`, `other-account` and `cancel`.
enum ContinueAsPage {
    /// Renders the page for `sessionID`, signed in before as `user`.
    static func render(sessionID: String, user: EmulatorUser, request: AuthorizationRequest) -> String {
        let text = PageText.of(request.locale)
        let body = """
            <h1>\(HTMLEscaping.escape(text.continueAs(user.displayName)))</h1>
            <p class="muted">\(HTMLEscaping.escape(text.signedInBefore))</p>
            <form method="post" action="/oauth2/v2.1/login">
            <input type="hidden" name="session" value="\(HTMLEscaping.escape(sessionID))">
            <div class="actions">
            <button type="submit" name="action" value="continue" autofocus>\(HTMLEscaping.escape(text.continueAs(user.displayName)))</button>
            <button type="submit" name="action" value="other-account">\(HTMLEscaping.escape(text.otherAccount))</button>
            <button type="submit" name="action" value="cancel">\(HTMLEscaping.escape(text.cancel))</button>
            </div>
            </form>

            """
        return PageLayout.document(title: text.continueTitle, body: body, locale: request.locale)
    }
}
#endif
