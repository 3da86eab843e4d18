import Foundation

/// The login page of `GET /oauth2/v2.1/authorize`.
///
/// Contract with scripted clients (kept exact): a form posting to `/oauth2/v2.1/login` with
/// `<input type="hidden" name="session" value="…">`, inputs named `email` and `password`, and
/// buttons `name="action"` with values `login` and `cancel`.
enum LoginPage {
    /// Renders the page for `sessionID`.
    static func render(
        sessionID: String,
        channel: EmulatorChannel,
        users: [EmulatorUser],
        email: String = "",
        errorMessage: String? = nil
    ) -> String {
        let escapedSession = HTMLEscaping.escape(sessionID)
        var body = """
            <h1>Log in to use channel \(HTMLEscaping.escape(channel.channelID))</h1>

            """
        if let errorMessage {
            body += "<p class=\"error\" role=\"alert\">\(HTMLEscaping.escape(errorMessage))</p>\n"
        }
        body += """
            <form method="post" action="/oauth2/v2.1/login">
            <input type="hidden" name="session" value="\(escapedSession)">
            <label for="email">Email address</label>
            <input type="text" id="email" name="email" value="\(HTMLEscaping.escape(email))" autocomplete="username" autocapitalize="none" spellcheck="false" autofocus>
            <label for="password">Password</label>
            <input type="password" id="password" name="password" autocomplete="current-password">
            <div class="actions">
            <button type="submit" name="action" value="login">Log in</button>
            <button type="submit" name="action" value="cancel">Cancel</button>
            </div>
            </form>

            """
        if !users.isEmpty {
            body += "<p class=\"muted\" id=\"users-label\">Test users (select one to fill in the form):</p>\n"
            body += "<ul class=\"users\" aria-labelledby=\"users-label\">\n"
            for user in users {
                let login = HTMLEscaping.escape(user.email ?? user.userID)
                body += """
                    <li><button type="button" class="pick" data-login="\(login)" \
                    data-password="\(HTMLEscaping.escape(user.password))" \
                    title="\(login)">\(HTMLEscaping.escape(user.displayName))</button></li>

                    """
            }
            body += "</ul>\n"
            body += """
                <script>
                document.querySelectorAll("button.pick").forEach(function (b) {
                  b.addEventListener("click", function () {
                    document.getElementById("email").value = b.dataset.login;
                    document.getElementById("password").value = b.dataset.password;
                    document.querySelector('button[value="login"]').focus();
                  });
                });
                </script>

                """
        }
        return PageLayout.document(title: "Log in", body: body)
    }
}
