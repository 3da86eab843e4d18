#if EmulatorHTTPS
public import Foundation
import HummingbirdCore
import HummingbirdTLS
public import LineLoginEmulator
import NIOCore
import NIOSSL

extension LineLoginEmulator {
    /// Binds and starts serving HTTPS as LINE's host names (``EmulatorCertificateAuthority/lineHostNames``) in
    /// the background: the server certificate is a fresh one `authority` issues for them, the issuer is
    /// `https://access.line.me` (unless the configuration's `issuer` says otherwise) and discovery lists
    /// LINE's URLs. Point the names at `host` and `port` (a hosts-file line, curl's `--resolve`, a resolver
    /// override in the test process) and have the client trust ``EmulatorCertificateAuthority/certificateFile``.
    /// Every name is served by the one listener; the dashboard and test controls still answer only under
    /// `localhost` or an IP address as `Host`, never under LINE's names.
    /// - Parameters:
    ///   - host: The address to bind.
    ///   - port: The port (LINE's is 443); `0` picks a free one.
    ///   - authority: The local certificate authority that signs the server certificate.
    /// - Returns: `https://host:port`, with the actual port.
    /// - Throws: ``EmulatorCertificateAuthorityError`` when no certificate can be issued, and what the emulator's
    ///   `start(host:port:)` throws.
    public func start(host: String = "127.0.0.1", port: Int = 443, answeringForLINEHostsWith authority: EmulatorCertificateAuthority)
        async throws -> URL
    {
        let credential = try authority.issueServerCertificate()
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: credential.certificateDER, format: .der))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: credential.privateKeyDER, format: .der)))
        // At shutdown a connection waits this long for the client's close_notify (NIOSSL's default is 5 s, which
        // a client holding an idle keep-alive connection made every Ctrl-C wait out).
        tls.shutdownTimeout = .milliseconds(500)
        return try await start(host: host, port: port, scheme: "https", answersForLINEHosts: true) { http1 in
            try .tls(http1, tlsConfiguration: tls)
        }
    }
}
#endif
