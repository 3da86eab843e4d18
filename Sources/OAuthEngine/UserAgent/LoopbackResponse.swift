/// The small, fixed HTTP responses the loopback agent sends.
///
/// Nothing from the request is echoed back, so no escaping is needed and nothing leaks into the page.
enum LoopbackResponse {
    /// The page shown after a redirect without an error. It claims no success: the state check and the
    /// code exchange happen after this page is sent, and the terminal reports their result.
    static let defaultSuccessPage = page(
        title: "Back to the terminal",
        message: "The browser part of sign-in is complete. You can close this tab; the terminal shows the result."
    )

    /// The page shown when the redirect carries an `error`.
    static let errorPage = page(
        title: "Sign-in did not complete",
        message: "Sign-in did not complete. You can close this tab and return to the terminal for details."
    )

    /// A complete response with an HTML body.
    static func html(status: Int, reason: String, body: String, restrictContent: Bool = true) -> [UInt8] {
        var headers = [
            "Content-Type: text/html; charset=utf-8",
            "Cache-Control: no-store",
            // The page's own URL holds the authorization code: never send it on as a referrer.
            "Referrer-Policy: no-referrer",
            "X-Content-Type-Options: nosniff",
        ]
        if restrictContent {
            headers.append("Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'")
        }
        return response(status: status, reason: reason, headers: headers, body: Array(body.utf8))
    }

    /// A short plain-text error response (404, 405, 400, 431).
    static func plain(status: Int, reason: String, extraHeaders: [String] = []) -> [UInt8] {
        let headers = ["Content-Type: text/plain; charset=utf-8", "Cache-Control: no-store"] + extraHeaders
        return response(status: status, reason: reason, headers: headers, body: Array("\(status) \(reason)\n".utf8))
    }

    private static func response(status: Int, reason: String, headers: [String], body: [UInt8]) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        for header in headers + ["Content-Length: \(body.count)", "Connection: close"] {
            head += header + "\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    private static func page(title: String, message: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
        </head>
        <body><h1>\(title)</h1><p>\(message)</p></body>
        </html>

        """
    }
}
