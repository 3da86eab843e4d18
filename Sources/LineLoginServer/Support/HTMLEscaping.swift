#if Server
/// Escapes text for HTML element content and quoted attribute values.
public enum HTMLEscaping {
    /// `&`, `<`, `>`, `"` and `'` replaced by character references.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
#endif
