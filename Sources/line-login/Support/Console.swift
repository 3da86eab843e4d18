#if CLI
import Foundation
import LineLoginPrimitives

/// Output rules: results on stdout (JSON with `--json`), progress and errors on stderr, one line each.
///
/// Every line a person reads is shown as text and nothing else: control characters (escape sequences,
/// carriage returns, bidirectional overrides) are written out, so text a provider chose can't retitle or
/// clear the terminal or fake a prompt, and a line that would print longer than ``maximumLineLength`` is
/// cut and says so (``UntrustedText/shown(_:limit:)``: escaped first, then cut, so the bound is on what is
/// printed). Provider fields are bounded on their own before they are placed in a line (``TerminalText``).
/// JSON keeps every value whole, with the controls JSON leaves alone written as `\u` escapes.
enum Console {
    /// The longest human line, in characters as printed (escapes included, the cut mark not): a backstop
    /// for provider text no field bound caught.
    static let maximumLineLength = 4_096

    static func progress(_ line: String) { write(human(line), to: FileHandle.standardError) }
    static func error(_ line: String) { write(human("error: " + line), to: FileHandle.standardError) }
    static func out(_ line: String) { write(human(line), to: FileHandle.standardOutput) }

    /// A bare value for scripts (`token print`): controls written out like any line, never cut.
    static func value(_ text: String) { write(UntrustedText.escapingControls(text), to: FileHandle.standardOutput) }

    /// The version of every JSON shape the CLI writes (docs/CLI_JSON.md); raised when a shape changes
    /// incompatibly, so scripts can tell.
    static let jsonVersion = 1

    /// Writes a JSON object on one line with sorted keys and the shapes' `version`.
    static func json(_ object: [String: Any]) {
        var value = object
        value["version"] = jsonVersion
        guard JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            write("{}", to: FileHandle.standardOutput)
            return
        }
        write(UntrustedText.escapingControlsInJSON(String(decoding: data, as: UTF8.self)), to: FileHandle.standardOutput)
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let ms = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(format: "%7.1f ms", ms)
    }

    /// A line as a person may see it: its controls written out, then bounded.
    static func human(_ line: String) -> String {
        UntrustedText.shown(line, limit: maximumLineLength)
    }

    private static func write(_ line: String, to handle: FileHandle) {
        handle.write(Data((line + "\n").utf8))
    }
}
#endif
