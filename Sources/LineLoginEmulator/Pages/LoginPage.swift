#if Emulator
import Foundation

/// The email-and-password page of `GET /oauth2/v2.1/authorize`.
///
/// Contract with scripted clients (kept exact): a form posting to `/oauth2/v2.1/login` with
/// `<input type="hidden" name="session" value="…">`, inputs named `email` and `password`, and
/// buttons `name="action"` with values `login` and `cancel` (and `show-qr` unless `switch_amr=false`).
/// Below it, a second form per page picks a configured test user in one click: `action=pick-user` and a
/// button per user named `user` whose value is the user ID.
enum LoginPage {
    /// The `action` of the test-user picker's form.
    static let pickAction = "pick-user"
    /// The field that names the picked user's ID.
    static let pickField = "user"

    /// Renders the page for `sessionID`.
    static func render(
        sessionID: String,
        channel: EmulatorChannel,
        users: [EmulatorUser],
        request: AuthorizationRequest,
        email: String = "",
        errorMessage: String? = nil
    ) -> String {
        let text = PageText.of(request.locale)
        var body = """
            <h1>\(HTMLEscaping.escape(text.loginHeading(channel.channelID)))</h1>

            """
        if let errorMessage {
            body += "<p class=\"error\" role=\"alert\">\(HTMLEscaping.escape(errorMessage))</p>\n"
        }
        body += """
            <form method="post" action="/oauth2/v2.1/login">
            <input type="hidden" name="session" value="\(HTMLEscaping.escape(sessionID))">
            <label for="email">\(HTMLEscaping.escape(text.emailLabel))</label>
            <input type="text" id="email" name="email" value="\(HTMLEscaping.escape(email))" autocomplete="username" autocapitalize="none" spellcheck="false" autofocus>
            <label for="password">\(HTMLEscaping.escape(text.passwordLabel))</label>
            <input type="password" id="password" name="password" autocomplete="current-password">
            <div class="actions">
            <button type="submit" name="action" value="login">\(HTMLEscaping.escape(text.logIn))</button>
            <button type="submit" name="action" value="cancel">\(HTMLEscaping.escape(text.cancel))</button>
            \(request.hidesMethodSwitch ? "" : "<button type=\"submit\" class=\"link\" name=\"action\" value=\"show-qr\">\(HTMLEscaping.escape(text.useQRCode))</button>")
            </div>
            </form>

            """
        if !users.isEmpty {
            // The one-click picker posts the user's ID; the server fills the password in. The page never
            // holds a password, so a page that manages to read it (a rebound domain, a shared screen) learns none.
            body += "<p class=\"muted\" id=\"users-label\">\(HTMLEscaping.escape(text.testUsers))</p>\n"
            body += """
                <form method="post" action="/oauth2/v2.1/login">
                <input type="hidden" name="session" value="\(HTMLEscaping.escape(sessionID))">
                <input type="hidden" name="action" value="\(pickAction)">
                <ul class="users" aria-labelledby="users-label">

                """
            for user in users {
                let login = HTMLEscaping.escape(user.email ?? user.userID)
                body += """
                    <li><button type="submit" class="pick" name="\(pickField)" value="\(HTMLEscaping.escape(user.userID))" \
                    title="\(login)">\(HTMLEscaping.escape(user.displayName))</button></li>

                    """
            }
            body += "</ul>\n</form>\n"
        }
        return PageLayout.document(title: text.loginTitle, body: body, locale: request.locale)
    }
}
#endif
