#if CLI
import Foundation

/// A provider's answer to a `token` command, both ways it is written, and the failure it means, if any.
struct TokenReport {
    /// The object written with `--json`.
    var json: [String: Any]
    /// The lines written without it.
    var lines: [String]
    /// Thrown after the report is written (a token the provider refuses, a check that failed).
    var failure: CommandFailure? = nil

    /// Writes the report, then throws its failure.
    func write(json asJSON: Bool) throws {
        if asJSON { Console.json(json) } else { lines.forEach(Console.out) }
        if let failure { throw failure }
    }
}
#endif
