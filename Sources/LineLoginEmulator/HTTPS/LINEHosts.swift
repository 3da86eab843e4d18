#if Emulator
/// LINE's origins, as the emulator names them when it answers for LINE's host names
/// (``LineLoginEmulator/start(host:port:answeringForLINEHostsWith:)``).
enum LINEHosts {
    /// The login host: the issuer and the authorize pages.
    static let access = "https://access.line.me"
    /// The API host: token, verify, revoke, certs, userinfo, profile, friendship.
    static let api = "https://api.line.me"
    /// The LINE app's universal-link host.
    static let accessAuto = "https://access-auto.line.me"
    /// The three host names.
    static let names = ["access.line.me", "api.line.me", "access-auto.line.me"]
}
#endif
