#if CLI
/// The exit codes, one table for `line-login --help` and the CLI article (`line-login.docc/TheCLI.md`; a CI peer
/// checks that they agree).
enum ExitCodeTable {
    static let rows: [(CLIExit, String)] = [
        (.success, "success"),
        (.checkFailed, "a check failed: an invalid, expired or revoked token, a failed demo step"),
        (.usage, "usage error: a bad option, port, URL, permission or emulator config"),
        (.notLoggedIn, "not logged in: no session, or LINE ended it"),
        (.network, "network or server error: the platform is down, failing or unreachable"),
        (.loginFailed, "login failed or cancelled: denied, timed out or Ctrl-C"),
    ]

    /// The table as `--help` shows it.
    static var text: String {
        "Exit codes:\n" + rows.map { "  \($0.0.rawValue)  \($0.1)" }.joined(separator: "\n")
    }
}
#endif
