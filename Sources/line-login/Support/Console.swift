import Foundation

/// Output rules: results on stdout (JSON with `--json`), progress and errors on stderr, one line each.
enum Console {
    static func progress(_ line: String) { write(line, to: FileHandle.standardError) }
    static func error(_ line: String) { write("error: " + line, to: FileHandle.standardError) }
    static func out(_ line: String) { write(line, to: FileHandle.standardOutput) }

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
            out("{}")
            return
        }
        out(String(decoding: data, as: UTF8.self))
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let ms = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(format: "%7.1f ms", ms)
    }

    private static func write(_ line: String, to handle: FileHandle) {
        handle.write(Data((line + "\n").utf8))
    }
}
