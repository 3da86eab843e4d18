#if Emulator
import Foundation

/// The dashboard at `/`: what the emulator holds right now, and with `--test-controls` buttons for the
/// test controls.
///
/// Read-only tables first use real `<table>`s with captions and `<th scope>` so screen readers can name
/// every cell; the buttons are plain forms (no script), so Tab and Enter operate them.
enum DashboardPage {
    /// Where the buttons post (also the path ``EmulatorResponder`` routes).
    static let actionPath = "/_emulator/dashboard/action"
    /// The hidden field carrying ``EmulatorStore/dashboardCSRFToken``.
    static let csrfField = "csrf_token"

    /// Renders the page; `csrfToken` is `nil` without test controls (then no buttons are shown), `done`
    /// is the action just applied (after the redirect), shown as a status line.
    static func render(_ snapshot: DashboardSnapshot, csrfToken: String?, done: TestControlAction.Kind?) -> String {
        let names = Dictionary(snapshot.users.map { ($0.userID, $0.displayName) }) { first, _ in first }
        var body = """
            <a class="skip" href="#clock-heading">Skip to the emulator's state</a>
            <h1>Emulator dashboard</h1>
            <p class="lead">What this emulator holds at \(time(snapshot.now)) (emulator time). \
            <a href="/">Refresh</a></p>
            <nav aria-label="Sections"><ul class="toc">
            <li><a href="#clock-heading">Clock and switches</a></li>

            """
        if csrfToken != nil { body += "<li><a href=\"#controls-heading\">Test controls</a></li>\n" }
        body += """
            <li><a href="#channels-heading">Channels</a></li>
            <li><a href="#users-heading">Users</a></li>
            <li><a href="#sessions-heading">Login sessions</a></li>
            <li><a href="#sso-heading">SSO sessions</a></li>
            <li><a href="#access-heading">Access tokens</a></li>
            <li><a href="#refresh-heading">Refresh tokens</a></li>
            <li><a href="#keys-heading">Signing keys</a></li>
            </ul></nav>

            """
        if let done {
            body += "<p class=\"notice\" role=\"status\">Done: \(HTMLEscaping.escape(done.pastTense)).</p>\n"
        }
        body += clockSection(snapshot, names: names)
        if let csrfToken { body += controlsSection(csrfToken: csrfToken) }
        body += channelsSection(snapshot.channels)
        body += usersSection(snapshot)
        body += sessionsSection(snapshot, names: names)
        body += browserSessionsSection(snapshot, names: names)
        body += accessTokensSection(snapshot, names: names)
        body += refreshTokensSection(snapshot, names: names)
        body += keysSection(snapshot)
        return PageLayout.document(title: "Dashboard", body: body, wide: true)
    }

    // MARK: Sections

    /// The clock and the switches a test may have flipped (auto-approve, the armed auto-login failure).
    private static func clockSection(_ snapshot: DashboardSnapshot, names: [String: String]) -> String {
        let offset = EmulatorStore.seconds(abs(snapshot.clockOffset)) * (snapshot.clockOffset < 0 ? -1 : 1)
        let offsetText = offset == 0 ? "0 s (real time)" : "\(offset > 0 ? "+" : "")\(offset) s (\(span(TimeInterval(abs(offset)))))"
        let autoApprove = snapshot.autoApproveUserID.map { user(id: $0, names: names) } ?? "Off (login page shown)"
        return """
            <section aria-labelledby="clock-heading">
            <h2 id="clock-heading">Clock and switches</h2>
            <dl class="facts">
            <dt>Emulator time</dt><dd id="clock-now">\(time(snapshot.now))</dd>
            <dt>Offset from real time</dt><dd id="clock-offset" data-seconds="\(offset)">\(HTMLEscaping.escape(offsetText))</dd>
            <dt>Auto-approve</dt><dd>\(autoApprove)</dd>
            <dt>Next auto login</dt><dd id="fail-next">\(snapshot.failNextAutoLogin ? "Fails (armed)" : "Normal")</dd>
            <dt>Authorization codes (unused)</dt><dd>\(snapshot.authorizationCodes)</dd>
            <dt>Channel access tokens (live, stateless)</dt><dd id="channel-tokens">\(snapshot.channelAccessTokens)</dd>
            </dl>
            </section>

            """
    }

    /// One form per action, each with its own token field, so every button works alone and by Enter.
    private static func controlsSection(csrfToken: String) -> String {
        let token = "<input type=\"hidden\" name=\"\(csrfField)\" value=\"\(HTMLEscaping.escape(csrfToken))\">"
        func button(_ kind: TestControlAction.Kind, _ label: String, _ help: String) -> String {
            """
            <form method="post" action="\(actionPath)" class="control">
            \(token)
            <button type="submit" name="action" value="\(kind.rawValue)" aria-describedby="\(kind.rawValue)-help">\(label)</button>
            <p class="muted" id="\(kind.rawValue)-help">\(help)</p>
            </form>

            """
        }
        return """
            <section aria-labelledby="controls-heading">
            <h2 id="controls-heading">Test controls</h2>
            <p class="muted">Shown because the emulator runs with <code>--test-controls</code>; the same actions \
            as <code>POST /_emulator/control</code>.</p>
            <div class="controls">
            <form method="post" action="\(actionPath)" class="control">
            \(token)
            <input type="hidden" name="action" value="advance-clock">
            <label for="advance-seconds">Seconds to move the clock forward</label>
            <div class="inline">
            <input type="number" id="advance-seconds" name="seconds" min="0" step="1" value="3600" required \
            aria-describedby="advance-clock-help">
            <button type="submit">Advance clock</button>
            </div>
            <p class="muted" id="advance-clock-help">Codes, sessions and tokens expire as if that time had passed.</p>
            </form>

            """
                + button(.resetClock, "Reset clock", "Back to real time (offset 0).")
                + button(.expireAccessTokens, "Expire access tokens", "Every access token issued so far expires now.")
                + button(
                    .rotateSigningKey, "Rotate signing key",
                    "New ID tokens get a new key; the old one stays published for the grace period.")
                + button(.failNextAutoLogin, "Fail next auto login", "The next LINE-app login comes back with a state the app never sent.")
                + "</div>\n</section>\n"
    }

    /// The channels table; the snapshot carries no secret to show.
    private static func channelsSection(_ channels: [DashboardSnapshot.Channel]) -> String {
        var rows = ""
        for channel in channels {
            let bot = channel.botName.map(HTMLEscaping.escape) ?? "None"
            let kind = channel.nativeApp ? "Native app (ES256)" : channel.webOnly ? "Web only (secret always required)" : "Web and app"
            let bundle = channel.iOSBundleID.map { "<code>\(HTMLEscaping.escape($0))</code>" } ?? "None"
            rows += """
                <tr><th scope="row"><code>\(HTMLEscaping.escape(channel.channelID))</code></th>\
                <td>\(list(channel.callbackURLs))</td><td>\(bot)</td><td>\(scopes(channel.allowedScopes))</td>\
                <td>\(kind)</td><td>\(bundle)</td><td>\(channel.emailPermission ? "Yes" : "No")</td>\
                <td>\(channel.autoLoginFails ? "Always fails" : "Normal")</td></tr>

                """
        }
        return section(
            id: "channels", heading: "Channels",
            caption: "Registered channels (secrets are never shown)",
            columns: [
                "Channel ID", "Callback URLs", "Linked bot", "Allowed scopes", "Type", "iOS bundle ID",
                "Email permission", "Auto login",
            ],
            rows: rows, count: channels.count, total: channels.count, empty: "No channels.")
    }

    /// The users table; the snapshot carries no password to show.
    private static func usersSection(_ snapshot: DashboardSnapshot) -> String {
        var rows = ""
        for user in snapshot.users {
            let email = user.email.map(HTMLEscaping.escape) ?? "None"
            let auto = snapshot.autoApproveUserID == user.userID ? " (auto-approved)" : ""
            rows += """
                <tr><th scope="row"><code>\(HTMLEscaping.escape(user.userID))</code></th>\
                <td>\(HTMLEscaping.escape(user.displayName))\(auto)</td><td>\(email)</td>\
                <td>\(user.isFriend ? "Yes" : "No")</td></tr>

                """
        }
        return section(
            id: "users", heading: "Users", caption: "Users who can sign in (passwords are never shown)",
            columns: ["User ID", "Display name", "Email", "Friend of the bot"],
            rows: rows, count: snapshot.users.count, total: snapshot.users.count, empty: "No users.")
    }

    /// Open login and consent pages: who is signing in where.
    private static func sessionsSection(_ snapshot: DashboardSnapshot, names: [String: String]) -> String {
        var rows = ""
        for session in snapshot.sessions.rows {
            let who = session.userID.map { "Signed in as " + user(id: $0, names: names) } ?? "On the login page"
            rows += """
                <tr><th scope="row"><code>\(HTMLEscaping.escape(session.channelID))</code></th>\
                <td>\(HTMLEscaping.escape(session.redirectURI))</td><td>\(scopes(session.scopes))</td>\
                <td>\(who)</td><td>\(time(session.createdAt))</td><td>\(expiry(session.expiresAt, now: snapshot.now))</td></tr>

                """
        }
        return section(
            id: "sessions", heading: "Login sessions",
            caption: "Pending authorizations (login or consent page open), newest first",
            columns: ["Channel", "Redirect URI", "Scopes", "Progress", "Started", "Expires"],
            rows: rows, count: snapshot.sessions.rows.count, total: snapshot.sessions.total,
            empty: "No one is signing in.")
    }

    /// Browsers signed in, by the fingerprint of their cookie.
    private static func browserSessionsSection(_ snapshot: DashboardSnapshot, names: [String: String]) -> String {
        var rows = ""
        for session in snapshot.browserSessions.rows {
            rows += """
                <tr><th scope="row"><code>\(HTMLEscaping.escape(session.fingerprint))</code></th>\
                <td>\(user(id: session.userID, names: names))</td><td>\(time(session.authTime))</td>\
                <td>\(expiry(session.expiresAt, now: snapshot.now))</td></tr>

                """
        }
        return section(
            id: "sso", heading: "SSO sessions",
            caption: "Browsers that signed in: the next authorization signs in without a password (cookie fingerprints only)",
            columns: ["Cookie fingerprint", "User", "Signed in", "Expires"],
            rows: rows, count: snapshot.browserSessions.rows.count, total: snapshot.browserSessions.total,
            empty: "No browser is signed in.")
    }

    /// Live access tokens by fingerprint.
    private static func accessTokensSection(_ snapshot: DashboardSnapshot, names: [String: String]) -> String {
        var rows = ""
        for token in snapshot.accessTokens.rows {
            rows += """
                <tr><th scope="row"><code class="fingerprint">\(HTMLEscaping.escape(token.fingerprint))</code></th>\
                <td><code>\(HTMLEscaping.escape(token.channelID))</code></td><td>\(user(id: token.userID, names: names))</td>\
                <td>\(scopes(token.scopes))</td><td>\(time(token.issuedAt))</td>\
                <td>\(expiry(token.expiresAt, now: snapshot.now))</td></tr>

                """
        }
        return section(
            id: "access", heading: "Access tokens",
            caption: "Live access tokens, newest first (fingerprint: the first 8 hex digits of the token's SHA-256)",
            columns: ["Fingerprint", "Channel", "User", "Scopes", "Issued", "Expires"],
            rows: rows, count: snapshot.accessTokens.rows.count, total: snapshot.accessTokens.total,
            empty: "No live access tokens.")
    }

    /// Live refresh tokens by fingerprint.
    private static func refreshTokensSection(_ snapshot: DashboardSnapshot, names: [String: String]) -> String {
        var rows = ""
        for token in snapshot.refreshTokens.rows {
            rows += """
                <tr><th scope="row"><code class="fingerprint">\(HTMLEscaping.escape(token.fingerprint))</code></th>\
                <td><code>\(HTMLEscaping.escape(token.channelID))</code></td><td>\(user(id: token.userID, names: names))</td>\
                <td>\(scopes(token.scopes))</td><td>\(expiry(token.expiresAt, now: snapshot.now))</td>\
                <td>\(token.accessTokenCount)</td></tr>

                """
        }
        return section(
            id: "refresh", heading: "Refresh tokens",
            caption: "Live refresh tokens, latest expiry first (fingerprint: the first 8 hex digits of the token's SHA-256)",
            columns: ["Fingerprint", "Channel", "User", "Scopes", "Expires", "Access tokens issued"],
            rows: rows, count: snapshot.refreshTokens.rows.count, total: snapshot.refreshTokens.total,
            empty: "No live refresh tokens.")
    }

    /// The published keys, so a test can see a rotation and the old key's grace period.
    private static func keysSection(_ snapshot: DashboardSnapshot) -> String {
        var rows = ""
        for key in snapshot.keys {
            let status: String
            if let retiredAt = key.retiredAt, let until = key.publishedUntil {
                status = "Retired \(time(retiredAt)); published until \(time(until))"
            } else {
                status = "Current: signs new ES256 ID tokens"
            }
            rows += """
                <tr\(key.retiredAt == nil ? " class=\"current\"" : "")><th scope="row"><code>\(HTMLEscaping.escape(key.keyID))</code></th>\
                <td>\(HTMLEscaping.escape(key.algorithm))</td><td>\(status)</td></tr>

                """
        }
        return section(
            id: "keys", heading: "Signing keys", caption: "Keys published in the JWKS, current first",
            columns: ["Key ID (kid)", "Algorithm", "Status"],
            rows: rows, count: snapshot.keys.count, total: snapshot.keys.count, empty: "No published keys.")
    }

    // MARK: Pieces

    /// A section with a heading and a table (or `empty` when there are no rows). The table sits in a
    /// focusable, labelled region so keyboard users can scroll it sideways on narrow screens.
    private static func section(
        id: String, heading: String, caption: String, columns: [String], rows: String, count: Int, total: Int,
        empty: String
    ) -> String {
        var html = """
            <section aria-labelledby="\(id)-heading">
            <h2 id="\(id)-heading">\(HTMLEscaping.escape(heading)) <span class="count">(\(total))</span></h2>

            """
        guard count > 0 else {
            return html + "<p class=\"muted\">\(HTMLEscaping.escape(empty))</p>\n</section>\n"
        }
        if count < total {
            html += "<p class=\"muted\">Showing the \(count) newest of \(total).</p>\n"
        }
        html += """
            <div class="table-wrap" role="region" aria-labelledby="\(id)-caption" tabindex="0">
            <table id="\(id)-table">
            <caption id="\(id)-caption">\(HTMLEscaping.escape(caption))</caption>
            <thead><tr>\(columns.map { "<th scope=\"col\">\(HTMLEscaping.escape($0))</th>" }.joined())</tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            </div>
            </section>

            """
        return html
    }

    /// A user's display name with the ID under it (the ID alone when the user is not configured).
    private static func user(id: String, names: [String: String]) -> String {
        let code = "<code>\(HTMLEscaping.escape(id))</code>"
        guard let name = names[id] else { return code }
        return "\(HTMLEscaping.escape(name))<br>\(code)"
    }

    /// Scopes space-separated as in OAuth, or "None".
    private static func scopes(_ scopes: [String]) -> String {
        scopes.isEmpty ? "None" : HTMLEscaping.escape(scopes.joined(separator: " "))
    }

    /// One item per line (callback URLs can be long).
    private static func list(_ items: [String]) -> String {
        items.map(HTMLEscaping.escape).joined(separator: "<br>")
    }

    /// A `<time>` in UTC, readable and machine-readable.
    private static func time(_ date: Date) -> String {
        let iso = date.formatted(Date.ISO8601FormatStyle())
        let readable = iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
        return "<time datetime=\"\(HTMLEscaping.escape(iso))\">\(HTMLEscaping.escape(readable))</time>"
    }

    /// The expiry time and how far away it is, so a reader need not do date arithmetic.
    private static func expiry(_ date: Date, now: Date) -> String {
        "\(time(date)) <span class=\"muted\">(in \(span(date.timeIntervalSince(now))))</span>"
    }

    /// `29 d 23 h`, `9 min 59 s`: the two largest units.
    private static func span(_ interval: TimeInterval) -> String {
        let seconds = EmulatorStore.seconds(interval)
        let units = [(86_400, "d"), (3_600, "h"), (60, "min"), (1, "s")]
        var parts: [String] = []
        var rest = seconds
        for (size, unit) in units where parts.count < 2 {
            let value = rest / size
            rest %= size
            if value > 0 || !parts.isEmpty { parts.append("\(value) \(unit)") }
        }
        return parts.isEmpty ? "0 s" : parts.joined(separator: " ")
    }
}
#endif
