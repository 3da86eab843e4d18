#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

/// `--verbose` and `--show-http`, on every command that talks to a platform or provider.
struct DiagnosticOptions: ParsableArguments {
    @Flag(help: "On failure, also print the underlying error as the program sees it (types and cases, for bug reports).")
    var verbose = false

    @Flag(
        name: .customLong("show-http"),
        help: "Print each HTTP exchange on stderr: method, path, status, time (never queries, bodies or tokens).")
    var showHTTP = false

    /// The transport for this command: `base`, traced on stderr with `--show-http`.
    func transport(_ base: any HTTPTransport = URLSessionTransport()) -> any HTTPTransport {
        guard showHTTP else { return base }
        return TracingTransport(base: base) { method, path, status, duration in
            Console.progress("http: \(method) \(path) → \(status.map(String.init) ?? "no answer")  \(Console.milliseconds(duration))")
        }
    }
}
#endif
