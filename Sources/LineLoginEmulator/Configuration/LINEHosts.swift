#if Emulator
/// LINE's origins, as the emulator names them when it answers for LINE's host names (the LineLoginEmulatorHTTPS
/// module's `start(host:port:answeringForLINEHostsWith:)`, which serves them and names them in its certificates).
package enum LINEHosts {
    /// The login host: the issuer and the authorize pages.
    package static let access = "https://access.line.me"
    /// The API host: token, verify, revoke, certs, userinfo, profile, friendship.
    package static let api = "https://api.line.me"
    /// The LINE app's universal-link host.
    package static let accessAuto = "https://access-auto.line.me"
    /// The three host names.
    package static let names = ["access.line.me", "api.line.me", "access-auto.line.me"]
}
#endif
