import Foundation

/// The consent page shown after a correct password.
///
/// Contract with scripted clients (kept exact): a form posting to `/oauth2/v2.1/consent` with
/// `<input type="hidden" name="session" value="…">`, when `bot_prompt` was sent and the channel
/// has a bot `<input type="checkbox" name="add_friend" value="on" checked>`, and buttons
/// `name="action"` with values `allow` and `cancel`.
enum ConsentPage {
    /// Renders the page.
    static func render(
        sessionID: String,
        channel: EmulatorChannel,
        user: EmulatorUser,
        scopes: [String],
        offerFriendship: Bool
    ) -> String {
        var body = """
            <h1>Channel \(HTMLEscaping.escape(channel.channelID)) asks for permission</h1>
            <p>Logged in as <strong>\(HTMLEscaping.escape(user.displayName))</strong>. \
            The channel would like to access:</p>
            <form method="post" action="/oauth2/v2.1/consent">
            <input type="hidden" name="session" value="\(HTMLEscaping.escape(sessionID))">
            <ul class="scopes">

            """
        for scope in scopes {
            body += "<li>\(HTMLEscaping.escape(ScopeDescriptions.describe(scope)))</li>\n"
        }
        body += "</ul>\n"
        if offerFriendship, let botName = channel.botName {
            body += """
                <label class="friend"><input type="checkbox" name="add_friend" value="on" checked> \
                Add \(HTMLEscaping.escape(botName)) as a friend</label>

                """
            if user.isFriend {
                body += "<p class=\"muted\">You are already friends with \(HTMLEscaping.escape(botName)).</p>\n"
            }
        }
        body += """
            <div class="actions">
            <button type="submit" name="action" value="allow">Allow</button>
            <button type="submit" name="action" value="cancel">Cancel</button>
            </div>
            </form>
            <script>document.querySelector('button[value="allow"]').focus();</script>

            """
        return PageLayout.document(title: "Permissions", body: body)
    }
}
