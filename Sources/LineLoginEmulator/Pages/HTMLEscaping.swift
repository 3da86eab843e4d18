#if Emulator
import Foundation

/// HTML escaping for everything the pages echo.
enum HTMLEscaping {
    /// Escapes `& < > " '` so the value is safe in text and in quoted attributes.
    static func escape(_ value: String) -> String {
        var output = ""
        output.reserveCapacity(value.utf8.count)
        for character in value.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }
}
#endif
