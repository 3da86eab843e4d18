#if Emulator
import Foundation

/// The page shown when the emulator cannot redirect back (bad client, bad redirect URI, lost session).
enum ErrorPage {
    /// Renders `message` under `title`.
    static func render(title: String, message: String) -> String {
        PageLayout.document(
            title: title,
            body: """
                <h1>\(HTMLEscaping.escape(title))</h1>
                <p class="error" role="alert">\(HTMLEscaping.escape(message))</p>
                <p class="muted">Close this page and try again from the app.</p>

                """
        )
    }
}
#endif
