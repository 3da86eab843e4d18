/// LinkedIn's `locale`: an object `{"country": "US", "language": "en"}`, not the BCP 47 string OIDC
/// Core describes.
public struct LinkedInLocale: Sendable, Equatable {
    /// The country, e.g. `US`.
    public var country: String?
    /// The language, e.g. `en`.
    public var language: String?

    /// Creates a locale.
    public init(country: String?, language: String?) {
        self.country = country
        self.language = language
    }

    /// Reads LinkedIn's object, or (so an OIDC-style answer still reads) a string such as `en_US` or `en-US`.
    public init?(_ value: JSONValue?) {
        switch value {
        case .object(let object):
            self.init(country: object["country"]?.stringValue, language: object["language"]?.stringValue)
        case .string(let text):
            let parts = text.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
            guard let language = parts.first, !language.isEmpty else { return nil }
            self.init(country: parts.count > 1 ? parts[1] : nil, language: language)
        default:
            return nil
        }
    }

    /// `language-COUNTRY` (e.g. `en-US`), or whichever part is known.
    public var identifier: String {
        [language, country].compactMap { $0 }.joined(separator: "-")
    }
}
