#if Emulator
import Foundation

/// `bot_prompt=aggressive`'s screen of its own, after consent, asking to add the linked official account.
///
/// Contract with scripted clients: a form posting to `/oauth2/v2.1/consent` with the `session` field and
/// buttons `name="action"` with values `add-friend` and `skip-friend`.
enum AddFriendPage {
    /// Renders the page for `sessionID`.
    static func render(sessionID: String, botName: String, request: AuthorizationRequest) -> String {
        let text = PageText.of(request.locale)
        let body = """
            <h1>\(HTMLEscaping.escape(text.addFriendHeading(botName)))</h1>
            <p>\(HTMLEscaping.escape(text.addFriendBody))</p>
            <form method="post" action="/oauth2/v2.1/consent">
            <input type="hidden" name="session" value="\(HTMLEscaping.escape(sessionID))">
            <div class="actions">
            <button type="submit" name="action" value="add-friend" autofocus>\(HTMLEscaping.escape(text.addFriend))</button>
            <button type="submit" name="action" value="skip-friend">\(HTMLEscaping.escape(text.notNow))</button>
            </div>
            </form>

            """
        return PageLayout.document(title: text.addFriendTitle, body: body, locale: request.locale)
    }
}
#endif
