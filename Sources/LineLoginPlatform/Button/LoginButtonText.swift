import Foundation

/// LINE's "Log in with LINE" text by language, as LINE's SDK localises its login button: the one table
/// the SDK's buttons (UIKit, SwiftUI) and the server kit's web button read.
public enum LoginButtonText {
    /// The text for a BCP 47 language tag (`ja`, `ja-JP`, `zh-Hant-TW`, `pt-PT`, …): the most specific
    /// tag LINE has a text for, else English.
    public static func title(language: String?) -> String {
        let tag = (language ?? "en").replacingOccurrences(of: "_", with: "-")
        var parts = tag.split(separator: "-").map(String.init)
        while !parts.isEmpty {
            if let text = texts[parts.joined(separator: "-").lowercased()] { return text }
            parts.removeLast()
        }
        return texts["en"] ?? "Log in with LINE"
    }

    /// LINE SDK 5.13's texts (`linesdk.login.button.login`), keyed by lower-cased tag.
    static let texts: [String: String] = [
        "ar": "تسجيل دخول باستخدام LINE", "de": "Mit LINE anmelden", "en": "Log in with LINE",
        "es": "Iniciar sesión con LINE", "fr": "Connexion avec LINE", "id": "Masuk dengan LINE", "it": "Login con LINE",
        "ja": "LINEでログイン", "ko": "LINE으로 로그인", "ms": "Log masuk dengan LINE", "pt": "Login com o LINE",
        "pt-pt": "Iniciar sessão com o LINE", "ru": "Войти в LINE", "th": "ล็อกอินด้วย LINE", "tr": "LINE ile oturum açın",
        "vi": "Đăng nhập với LINE", "zh": "用LINE帐号登录", "zh-hans": "用LINE帐号登录", "zh-hant": "與LINE連動",
        "zh-tw": "與LINE連動", "zh-hk": "與LINE連動",
    ]
}
