#if Emulator
import Foundation

/// The QR sign-in page (`initial_amr_display=lineqr`, or the switch on the email page). No real code is
/// drawn: a "scan" link per user stands in for the phone that would read it, so a test can follow one.
///
/// Contract with scripted clients: links `<a class="scan" href="/oauth2/v2.1/qr/scan?session=…&user=…">`,
/// and a form posting to `/oauth2/v2.1/login` with `cancel` (and `show-password` unless `switch_amr=false`).
enum QRLoginPage {
    /// Renders the page for `sessionID`.
    static func render(sessionID: String, users: [EmulatorUser], request: AuthorizationRequest) -> String {
        let text = PageText.of(request.locale)
        var body = """
            <h1>\(HTMLEscaping.escape(text.qrHeading))</h1>
            <div class="qr" aria-hidden="true">QR</div>
            <p id="scan-label">\(HTMLEscaping.escape(text.qrInstructions))</p>
            <ul class="scan" aria-labelledby="scan-label">

            """
        for user in users {
            let href = FormEncoding.appending([("session", sessionID), ("user", user.userID)], to: QRScanRoute.path)
            body +=
                "<li><a class=\"scan\" href=\"\(HTMLEscaping.escape(href))\">\(HTMLEscaping.escape(text.scanAs(user.displayName)))</a></li>\n"
        }
        body += """
            </ul>
            <form method="post" action="/oauth2/v2.1/login">
            <input type="hidden" name="session" value="\(HTMLEscaping.escape(sessionID))">
            <div class="actions">
            \(request.hidesMethodSwitch ? "" : "<button type=\"submit\" class=\"link\" name=\"action\" value=\"show-password\">\(HTMLEscaping.escape(text.useEmail))</button>")
            <button type="submit" name="action" value="cancel">\(HTMLEscaping.escape(text.cancel))</button>
            </div>
            </form>

            """
        return PageLayout.document(title: text.qrTitle, body: body, locale: request.locale)
    }
}
#endif
