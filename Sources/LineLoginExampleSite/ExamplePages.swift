#if ExampleSite
import Foundation
import LineLoginServer
import LineSDK
import OAuthEngine

/// The site's HTML.
enum ExamplePages {
    static func home(user: LineUser?, notice: String?, target: ExampleSite.Target) -> String {
        let body: String
        if let user {
            body = """
                <h1>Welcome back, \(esc(user.displayName ?? "LINE user"))</h1>
                <p>You are signed in with LINE.</p>
                <p class="actions"><a class="text-button" href="/profile">View your profile</a></p>
                \(logoutForm)
                """
        } else {
            let cancelled = notice == "cancelled" ? "<p class=\"notice\" role=\"status\">The login was cancelled.</p>" : ""
            body = """
                \(cancelled)
                <h1>LINE Login example</h1>
                <p>Sign in with your LINE account to see your profile. This site never sees your LINE password: \
                LINE signs you in, and the site checks what LINE sends back.</p>
                <p class="actions">\(LineLoginButton(href: "/login").html)</p>
                """
        }
        let states = LineLoginButton.PreviewState.allCases.map { state in
            "<figure>\(LineLoginButton(href: "/login", previewState: state).html)<figcaption>\(state == .hover ? "Hover" : "Press")</figcaption></figure>"
        }.joined()
        return page(
            title: "LINE Login example", target: target,
            content: """
                <section class="card" id="account">\(body)</section>
                <section class="card states" aria-label="Button states">
                <h2>The button's states</h2>
                <div class="state-row">
                <figure>\(LineLoginButton(href: "/login").html)<figcaption>Base</figcaption></figure>\(states)
                <figure>\(LineLoginButton(href: "/login", isDisabled: true).html)<figcaption>Disabled</figcaption></figure>
                </div>
                </section>
                """)
    }

    static func profile(user: LineUser, target: ExampleSite.Target) -> String {
        let name = user.displayName ?? "LINE user"
        let initial = name.first.map { String($0) } ?? "?"
        let picture =
            user.pictureURL.map {
                // No `onerror`: the policy runs no script. A picture that fails to load shows nothing (its
                // `alt` is empty) and the initial under it stays visible.
                "<img src=\"\(esc($0.absoluteString))\" alt=\"\" referrerpolicy=\"no-referrer\">"
            } ?? ""
        var rows = [
            ("User ID", "<code>\(esc(user.userID))</code>"), ("Channel", esc(user.channelID)), ("Signed in with", "LINE web login"),
        ]
        if let status = user.statusMessage { rows.insert(("Status message", esc(status)), at: 1) }
        if let email = user.email { rows.insert(("Email", esc(email)), at: 1) }
        let details = rows.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }.joined()
        return page(
            title: "\(name) · LINE Login example", target: target,
            content: """
                <section class="card profile">
                <div class="avatar" aria-hidden="true"><span>\(esc(initial))</span>\(picture)</div>
                <h1 id="display-name">\(esc(name))</h1>
                <dl>\(details)</dl>
                \(logoutForm)
                </section>
                <p class="back"><a href="/">← Home</a></p>
                """)
    }

    static func failure(_ error: WebLoginError) -> String {
        let retry = error.suggestsRetryWithoutAutoLogin ? "/login?retry=1" : "/login"
        return page(
            title: "Login failed · LINE Login example", target: nil,
            content: """
                <section class="card">
                <h1>Login failed</h1>
                <p>\(esc(error.description.asSentence))</p>
                <p class="actions">\(LineLoginButton(href: retry, label: .custom("Try again with LINE")).html)</p>
                </section>
                <p class="back"><a href="/">← Home</a></p>
                """)
    }

    static func json(_ user: LineUser) -> [String: Any] {
        var object: [String: Any] = ["userId": user.userID, "channelId": user.channelID, "method": user.method.rawValue]
        if let name = user.displayName { object["displayName"] = name }
        if let picture = user.pictureURL { object["pictureUrl"] = picture.absoluteString }
        if let status = user.statusMessage { object["statusMessage"] = status }
        if let email = user.email { object["email"] = email }
        return object
    }

    static let logoutForm = """
        <form method="post" action="/logout" class="logout"><button type="submit" class="secondary-button">Log out</button></form>
        """

    static func page(title: String, target: ExampleSite.Target?, content: String) -> String {
        let footer =
            target.map {
                $0.emulated
                    ? "Running against the LINE Login emulator at \(esc($0.platform.issuer)) — no LINE account or network needed."
                    : "Channel \(esc($0.channelID)) on \(esc($0.platform.issuer))."
            } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(esc(title))</title>
            <style>\(stylesheet)</style>
            </head>
            <body>
            <header class="site-header"><a href="/" class="brand">Example&nbsp;Shop</a></header>
            <main>
            \(content)
            </main>
            <footer>\(footer)</footer>
            </body>
            </html>
            """
    }

    /// The one stylesheet, inline; the Content-Security-Policy allows exactly it, by its hash.
    static let stylesheet = LineLoginButton.css + "\n" + style

    static let style = """
        *{box-sizing:border-box}
        body{margin:0;background:#F5F6F7;color:#1E1E1E;font:16px/1.55 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif}
        .site-header{background:#FFFFFF;border-bottom:1px solid #E5E5E5;padding:14px 24px}
        .brand{color:#1E1E1E;font-weight:700;font-size:18px;text-decoration:none}
        main{max-width:640px;margin:32px auto;padding:0 16px}
        .card{background:#FFFFFF;border:1px solid #E5E5E5;border-radius:12px;padding:28px 32px;margin-bottom:20px}
        h1{font-size:26px;line-height:1.25;margin:0 0 12px}
        h2{font-size:16px;margin:0 0 16px;color:#555}
        p{margin:0 0 16px}
        .actions{margin:24px 0 4px}
        .notice{background:#FFF8E1;border:1px solid #F5D66B;border-radius:8px;padding:8px 12px}
        .state-row{display:flex;flex-wrap:wrap;gap:20px}
        figure{margin:0;display:flex;flex-direction:column;align-items:flex-start;gap:6px}
        figcaption{font-size:13px;color:#6B6B6B}
        .profile{text-align:center}
        .avatar{position:relative;width:96px;height:96px;margin:0 auto 16px;border-radius:50%;background:#06C755;color:#FFFFFF;\
        display:flex;align-items:center;justify-content:center;font-size:40px;font-weight:700;overflow:hidden}
        .avatar img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
        dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;text-align:left;margin:20px 0 28px}
        dt{color:#6B6B6B}
        dd{margin:0;overflow-wrap:anywhere}
        code{font:14px ui-monospace,Menlo,Consolas,monospace}
        .secondary-button{height:44px;padding:0 24px;border:1px solid #C8C8C8;border-radius:6px;background:#FFFFFF;color:#1E1E1E;\
        font-family:inherit;font-size:15px;font-weight:600;line-height:1;cursor:pointer}
        .secondary-button:hover{background:#F0F0F0}
        .secondary-button:focus-visible,.text-button:focus-visible{outline:3px solid #1E1E1E;outline-offset:2px}
        .text-button{color:#06893B;font-weight:600}
        .back a{color:#555}
        footer{max-width:640px;margin:0 auto 32px;padding:0 16px;color:#6B6B6B;font-size:13px}
        """

    static func esc(_ text: some StringProtocol) -> String { HTMLEscaping.escape(String(text)) }
}
#endif
