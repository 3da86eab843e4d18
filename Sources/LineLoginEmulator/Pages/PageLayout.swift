#if Emulator
import Foundation

/// The shared page frame: LINE-like styling, no external assets.
enum PageLayout {
    /// Wraps `body` (already escaped HTML) in a complete document titled `title` (raw text), in `locale`;
    /// `wide` gives the dashboard's tables room instead of the 400-pixel card of the login pages.
    static func document(title: String, body: String, locale: PageLocale = .english, wide: Bool = false) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(locale.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>\(HTMLEscaping.escape(title)) · LINE Login emulator</title>
        <style>\(stylesheet)\(wide ? wideStylesheet : "")</style>
        </head>
        <body\(wide ? " class=\"wide\"" : "")>
        <main class="card\(wide ? " wide" : "")" id="main">
        <p class="brand" aria-hidden="true">LINE</p>
        \(body)
        <p class="footnote">\(HTMLEscaping.escape(PageText.of(locale).footnote))</p>
        </main>
        </body>
        </html>

        """
    }

    /// Colours meet WCAG 2.1 AA: text 4.5:1 or more on its background (the brand green is used only for the
    /// logo and as a button background under near-black text, 8.4:1), focus rings and field borders 3:1.
    private static let stylesheet = """
        :root{--green:#06C755;--green-dark:#05a847;--text:#111;--muted:#666;--line:#e5e5e5;--border:#767676;\
        --focus:#05612a;--error:#b3261e}
        *{box-sizing:border-box}
        body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f5f5f5;\
        color:var(--text);font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        .card{background:#fff;width:100%;max-width:400px;margin:24px;padding:32px 28px;border-radius:12px;\
        box-shadow:0 2px 12px rgba(0,0,0,.08)}
        .brand{margin:0 0 8px;text-align:center;font-size:32px;font-weight:800;letter-spacing:.5px;color:var(--green)}
        h1{font-size:18px;text-align:center;margin:0 0 20px}
        p{line-height:1.5}
        label{display:block;font-size:13px;color:var(--muted);margin:14px 0 6px}
        input[type=text],input[type=password],input[type=email],input[type=number]{width:100%;padding:12px;\
        font-size:16px;border:1px solid var(--border);border-radius:6px}
        input:focus,button:focus,a:focus,[tabindex]:focus{outline:3px solid var(--focus);outline-offset:2px}
        .actions{display:flex;flex-direction:column;gap:10px;margin-top:22px}
        button{font:inherit;font-size:16px;padding:12px;border-radius:6px;cursor:pointer;border:1px solid var(--border);\
        background:#fff;color:var(--text)}
        button[value=login],button[value=allow],button[value=continue],button[value=verify-code],\
        button[value=add-friend]{background:var(--green);border-color:var(--green);color:var(--text);font-weight:700}
        button[value=login]:hover,button[value=allow]:hover,button[value=continue]:hover{background:var(--green-dark)}
        button.link{border:none;background:none;color:#0b6b35;text-decoration:underline;padding:8px;font-size:15px}
        .qr{width:180px;height:180px;margin:8px auto 16px;display:grid;place-items:center;border:8px solid #111;\
        border-radius:8px;font-weight:800;font-size:28px;letter-spacing:4px}
        ul.scan{list-style:none;padding:0;display:flex;flex-direction:column;gap:8px}
        ul.scan a{display:block;padding:10px 12px;border:1px solid var(--border);border-radius:6px;color:#0b6b35;font-weight:600}
        .error{color:var(--error);background:#fdecea;border-radius:6px;padding:10px 12px;font-size:14px}
        .muted,.footnote{color:var(--muted);font-size:13px}
        .footnote{text-align:center;margin:24px 0 0}
        ul.scopes{padding-left:20px}
        ul.scopes li{margin:6px 0}
        .friend{display:flex;gap:10px;align-items:center;color:var(--text);font-size:15px;margin-top:18px}
        input[type=checkbox]{accent-color:var(--green);width:18px;height:18px;margin:0}
        .users{list-style:none;padding:0;margin:8px 0 0;display:flex;flex-wrap:wrap;gap:8px}
        .users button{font-size:14px;padding:6px 10px;border-radius:16px}
        """

    /// The dashboard's additions (tables, controls, the skip link), kept out of the login and error pages so
    /// those stay small.
    private static let wideStylesheet = """
        body.wide{align-items:flex-start}
        .card.wide{max-width:1200px;padding:24px 28px}
        .wide h1{font-size:22px;text-align:left;margin:0 0 8px}
        .wide h2{font-size:18px;margin:28px 0 10px;padding-top:8px;border-top:1px solid var(--line)}
        .wide .brand{text-align:left;font-size:24px}
        .wide .footnote{text-align:left}
        .skip{position:absolute;left:-10000px;top:8px;background:#fff;color:var(--text);padding:8px 12px;\
        border-radius:6px;z-index:1}
        .skip:focus{left:8px}
        a{color:#0b57d0}
        .toc{list-style:none;padding:0;margin:0 0 8px;display:flex;flex-wrap:wrap;gap:6px 16px;font-size:14px}
        .notice{background:#e8f9ee;border-left:4px solid var(--focus);padding:10px 12px;border-radius:6px}
        .count{color:var(--muted);font-weight:400}
        .facts{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}
        .facts dt{color:var(--muted)}
        .facts dd{margin:0}
        .table-wrap{overflow-x:auto}
        table{border-collapse:collapse;width:100%;font-size:14px}
        caption{text-align:left;color:var(--muted);font-size:13px;padding:0 0 6px}
        th,td{text-align:left;vertical-align:top;padding:8px 10px;border-bottom:1px solid var(--line)}
        thead th{background:#f5f5f5;border-bottom:2px solid var(--border)}
        tbody th{font-weight:600}
        code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;overflow-wrap:break-word}
        .controls{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px}
        .control{border:1px solid var(--line);border-radius:8px;padding:14px}
        .control label{margin-top:0}
        .control .inline{display:flex;gap:8px}
        .control .inline input{flex:1;min-width:0}
        .control button{width:100%}
        .control .inline button{width:auto;white-space:nowrap}
        .control p{margin:8px 0 0}
        """
}
#endif
