#if Emulator
import Foundation

/// The consent page shown after sign-in, when the channel asks for scopes not granted before,
/// `prompt=consent` was sent, or `bot_prompt=normal` offers the linked official account.
///
/// Contract with scripted clients (kept exact): a form posting to `/oauth2/v2.1/consent` with
/// `<input type="hidden" name="session" value="…">`, when the add-friend option is offered
/// `<input type="checkbox" name="add_friend" value="on" checked>`, and buttons `name="action"` with
/// values `allow` and `cancel`.
enum ConsentPage {
    /// Renders the page; `offerFriendship` names the official account to offer, if any.
    static func render(
        sessionID: String,
        channel: EmulatorChannel,
        user: EmulatorUser,
        request: AuthorizationRequest,
        offerFriendship botName: String?
    ) -> String {
        let text = PageText.of(request.locale)
        var body = """
            <h1>\(HTMLEscaping.escape(text.consentHeading(channel.channelID)))</h1>
            <p>\(HTMLEscaping.escape(text.loggedInAs(user.displayName)))</p>
            <form method="post" action="/oauth2/v2.1/consent">
            <input type="hidden" name="session" value="\(HTMLEscaping.escape(sessionID))">
            <ul class="scopes">

            """
        for scope in request.scopes {
            body += "<li>\(HTMLEscaping.escape(text.scope(scope)))</li>\n"
        }
        body += "</ul>\n"
        if let botName {
            body += """
                <label class="friend"><input type="checkbox" name="add_friend" value="on" checked> \
                \(HTMLEscaping.escape(text.addFriendOption(botName)))</label>

                """
        }
        body += """
            <div class="actions">
            <button type="submit" name="action" value="allow">\(HTMLEscaping.escape(text.allow))</button>
            <button type="submit" name="action" value="cancel">\(HTMLEscaping.escape(text.cancel))</button>
            </div>
            </form>
            <script>document.querySelector('button[value="allow"]').focus();</script>

            """
        return PageLayout.document(title: text.consentTitle, body: body, locale: request.locale)
    }
}
#endif
