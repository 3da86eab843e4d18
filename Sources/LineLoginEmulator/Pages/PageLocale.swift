#if Emulator
import Foundation

/// The languages of the emulator's pages, chosen by `ui_locales` as LINE's are (English otherwise).
enum PageLocale: String, Sendable, Equatable, Codable {
    case english = "en"
    case japanese = "ja"

    /// The first supported language in `uiLocales` (a space-separated BCP 47 list, most preferred
    /// first); a tag matches by its primary language (`ja-JP` is Japanese).
    static func preferred(in uiLocales: String?) -> PageLocale {
        for tag in (uiLocales ?? "").split(separator: " ") {
            let primary = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
            if let locale = PageLocale(rawValue: primary) { return locale }
        }
        return .english
    }
}
#endif
