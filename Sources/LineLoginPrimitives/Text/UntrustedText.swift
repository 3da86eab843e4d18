/// Text that someone else chose (a provider's `user_code` or `error_description`, a display name) on its
/// way to a person: bounded in length, and with the characters that steer a terminal made visible.
///
/// An escape sequence in a provider's answer can retitle a terminal, clear it, move the cursor to draw a
/// fake prompt, or hide text; bidirectional controls can reorder what a line seems to say; and a 2 MB value
/// fills the screen. Lengths count Unicode scalars, so a pile of combining marks counts for what it is.
package enum UntrustedText {
    /// `text` whole when it has at most `limit` scalars; otherwise its first `limit` and a mark that says
    /// it was cut and how long it was: `…` + ` [cut: 2,097,152 characters in all]`.
    package static func bounded(_ text: String, limit: Int) -> String {
        let count = text.unicodeScalars.count
        guard count > max(0, limit) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.prefix(max(0, limit)))
        return String(kept) + "… [cut: \(grouped(count)) characters in all]"
    }

    /// `text` with every control character written out: C0 controls, DEL and C1 controls (ESC, CSI, …),
    /// the line and paragraph separators, and the bidirectional formatting characters become `\n`, `\r`,
    /// `\t` or `\u{1B}`-style text, so the text prints as one line that does nothing but show itself.
    package static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { escaped += written(scalar) } else { escaped.unicodeScalars.append(scalar) }
        }
        return escaped
    }

    /// `text` as a terminal may show it, at most `limit` characters long: its controls written out first
    /// (``escapingControls(_:)``), then cut to `limit` characters of that, never inside an escape (one that
    /// would cross the limit is left out whole), and marked `… [cut: N characters in all]` with `N` the
    /// length the whole text would have had, escapes included. Cutting first and escaping after would let
    /// a line of controls print up to eight times its bound (`\u{202E}` for one character).
    package static func shown(_ text: String, limit: Int) -> String {
        let limit = max(0, limit)
        var kept = ""
        var length = 0
        var cut = false
        for scalar in text.unicodeScalars {
            let isEscaped = isControl(scalar)
            let width = isEscaped ? written(scalar).unicodeScalars.count : 1
            if !cut, length + width <= limit {
                if isEscaped { kept += written(scalar) } else { kept.unicodeScalars.append(scalar) }
            } else {
                cut = true
            }
            length += width
        }
        return cut ? kept + "… [cut: \(grouped(length)) characters in all]" : kept
    }

    /// How a control character is written out: `\n`, `\r`, `\t`, or `\u{1B}` (hex, upper case).
    private static func written(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// Serialized JSON with the control characters JSON itself leaves as they are (DEL, C1 controls, the
    /// line and paragraph separators, bidirectional formatting) written as `\u` escapes: the same JSON
    /// value, which can no longer steer a terminal it is printed on. (JSON already escapes C0 controls; the
    /// characters replaced can only occur inside strings, where a `\u` escape means the same character.)
    package static func escapingControlsInJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: isControl) else { return json }
        var escaped = ""
        for scalar in json.unicodeScalars {
            if isControl(scalar), scalar.value >= 0x20 {
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether `scalar` steers a terminal or the direction of text rather than showing a glyph.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true // C0, DEL, C1
        case 0x2028, 0x2029: return true // line and paragraph separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true // bidirectional formatting
        default: return false
        }
    }

    /// `2097152` → `2,097,152`.
    private static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
