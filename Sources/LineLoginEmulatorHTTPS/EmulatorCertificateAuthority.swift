#if EmulatorHTTPS
import Crypto
public import Foundation
import LineLoginEmulator
import LineLoginPrimitives
import SwiftASN1
public import X509

/// The local certificate authority behind the emulator's LINE-host mode: created once in a folder of
/// yours and kept there, it signs the short-lived server certificate for LINE's host names that the emulator
/// serves HTTPS with, so that a client trusting it (``certificateFile``) talks to the emulator as if it were
/// `access.line.me`.
///
/// Its reach is limited by X.509 name constraints to ``lineHostNames``: a client that checks them (every
/// RFC 5280 verifier does; OpenSSL, BoringSSL, Go's, Apple's) accepts nothing it signs for any other host,
/// so trusting it does not let whoever gets its key impersonate your bank. Its key is in `ca-key.pem`, 0600
/// from its first byte (the package's private-file writer), and is read only while no one else could have
/// changed it or can read it; the certificate is `ca.pem`, to hand to clients.
public struct EmulatorCertificateAuthority: Sendable {
    /// LINE's host names the emulator answers for: the login host, the API host and the LINE app's
    /// universal-link host.
    public static let lineHostNames = LINEHosts.names
    /// How long the authority is valid from its creation: two years (``rotate(in:now:)`` makes a new one).
    public static let authorityLifetime: TimeInterval = 2 * 365 * 86_400
    /// How long a server certificate is valid: seven days, from a minute before the emulator starts (a
    /// restart issues a new one; none is written to disk).
    public static let serverCertificateLifetime: TimeInterval = 7 * 86_400
    /// The largest key or certificate file read.
    static let maximumFileSize = 64 * 1024

    /// The folder that holds it.
    public let folder: URL
    /// The authority's certificate.
    public let certificate: Certificate
    /// The authority's key, as DER (CryptoKit's keys are not `Sendable` on every SDK).
    private let keyDER: Data

    /// When the authority expires (then ``rotate(in:now:)`` it).
    public var expiresAt: Date { certificate.notValidAfter }

    /// `ca.pem`: the certificate clients trust (the export).
    public var certificateFile: URL { Self.certificateFile(in: folder) }
    /// `ca-key.pem`: the private key, 0600.
    public var keyFile: URL { Self.keyFile(in: folder) }

    static func certificateFile(in folder: URL) -> URL { folder.appendingPathComponent("ca.pem", isDirectory: false) }
    static func keyFile(in folder: URL) -> URL { folder.appendingPathComponent("ca-key.pem", isDirectory: false) }

    /// The authority's certificate, PEM.
    public var certificatePEM: String {
        (try? certificate.serializeAsPEM().pemString) ?? ""
    }

    /// The default folder: `$XDG_DATA_HOME/line-login/emulator-ca`, else `~/.local/share/line-login/emulator-ca`
    /// (`~/Library/Application Support/line-login/emulator-ca` on macOS).
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            base = URL(fileURLWithPath: dataHome, isDirectory: true)
        } else {
            let homePath = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
            #if canImport(Darwin)
            base = URL(fileURLWithPath: homePath, isDirectory: true).appendingPathComponent("Library/Application Support")
            #else
            base = URL(fileURLWithPath: homePath, isDirectory: true).appendingPathComponent(".local/share")
            #endif
        }
        return base.appendingPathComponent("line-login/emulator-ca", isDirectory: true)
    }

    private init(folder: URL, certificate: Certificate, keyDER: Data) {
        self.folder = folder
        self.certificate = certificate
        self.keyDER = keyDER
    }

    /// The authority kept in `folder`, created there (with the folder, 0700) when there is none yet.
    /// - Parameters:
    ///   - folder: Where `ca.pem` and `ca-key.pem` are.
    ///   - now: The creation time of a new authority, and the time an existing one must be valid at.
    /// - Throws: ``EmulatorCertificateAuthorityError``.
    public static func loadOrCreate(in folder: URL, now: Date = Date()) throws(EmulatorCertificateAuthorityError) -> Self {
        try loadOrCreate(in: folder, now: now, beforeKeyWrite: nil)
    }

    /// ``loadOrCreate(in:now:)``, with a hook told the key file's descriptor before its first byte is written
    /// (tests check its mode there).
    static func loadOrCreate(
        in folder: URL, now: Date, beforeKeyWrite: (@Sendable (_ descriptor: Int32) -> Void)?
    ) throws(EmulatorCertificateAuthorityError) -> Self {
        let keyPath = keyFile(in: folder).path
        if FileManager.default.fileExists(atPath: keyPath) || FileManager.default.fileExists(atPath: certificateFile(in: folder).path) {
            return try load(from: folder, now: now)
        }
        return try create(in: folder, now: now, beforeKeyWrite: beforeKeyWrite)
    }

    /// Deletes the authority in `folder` (its key and certificate); nothing there is fine. Clients that
    /// trusted it should stop: remove `ca.pem` from their trust stores.
    /// - Throws: ``EmulatorCertificateAuthorityError/file(_:)`` when a file can't be removed.
    public static func delete(in folder: URL) throws(EmulatorCertificateAuthorityError) {
        for file in [keyFile(in: folder), certificateFile(in: folder)] where unlink(file.path) != 0 && errno != ENOENT {
            throw .file(PrivateFileError(path: file.path, step: "remove it", errno: errno).description)
        }
    }

    /// Replaces the authority in `folder` with a new one (a new key, a new `ca.pem` to trust).
    /// - Throws: ``EmulatorCertificateAuthorityError``.
    public static func rotate(in folder: URL, now: Date = Date()) throws(EmulatorCertificateAuthorityError) -> Self {
        try delete(in: folder)
        return try create(in: folder, now: now, beforeKeyWrite: nil)
    }

    // MARK: Creating and loading

    private static func create(
        in folder: URL, now: Date, beforeKeyWrite: (@Sendable (_ descriptor: Int32) -> Void)?
    ) throws(EmulatorCertificateAuthorityError) -> Self {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .file("could not create the folder \(folder.path)")
        }
        let key = P256.Signing.PrivateKey()
        let certificate: Certificate
        do {
            let name = try DistinguishedName {
                OrganizationName("line-login emulator")
                CommonName("line-login emulator local CA (LINE's host names only)")
            }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                Critical(NameConstraints(permittedDNSDomains: lineHostNames))
                SubjectKeyIdentifier(hash: Certificate.PublicKey(key.publicKey))
            }
            certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
                notValidBefore: now - 60, notValidAfter: now + authorityLifetime, issuer: name, subject: name,
                signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: Certificate.PrivateKey(key))
        } catch {
            throw .certificate("could not create the certificate authority")
        }
        // The key first, 0600 from its creation; then the certificate, which is public.
        do {
            try PrivateFileWriter(url: keyFile(in: folder), beforeFirstWrite: beforeKeyWrite).write(Data(key.pemRepresentation.utf8))
            let pem = try certificate.serializeAsPEM().pemString
            try PrivateFileWriter(url: certificateFile(in: folder)).write(Data(pem.utf8))
        } catch let error as PrivateFileError {
            throw .file(error.description)
        } catch {
            throw .certificate("could not encode the certificate authority")
        }
        // Readable by all: it is the certificate to hand out.
        _ = chmod(certificateFile(in: folder).path, 0o644)
        return Self(folder: folder, certificate: certificate, keyDER: key.derRepresentation)
    }

    private static func load(from folder: URL, now: Date) throws(EmulatorCertificateAuthorityError) -> Self {
        let keyPath = keyFile(in: folder).path
        let certificatePath = certificateFile(in: folder).path
        let keyContents: Data
        let certificateContents: Data
        do {
            let (contents, exposure) = try FileExposure.read(path: keyPath, maximumSize: maximumFileSize)
            if let reason = exposure.untrustedReason {
                throw EmulatorCertificateAuthorityError.untrusted(path: keyPath, reason: reason)
            }
            if exposure.isReadableByOthers {
                throw EmulatorCertificateAuthorityError.untrusted(
                    path: keyPath, reason: "the group or others may read it (mode \(exposure.octalMode))")
            }
            keyContents = contents
            let (certificateData, certificateExposure) = try FileExposure.read(path: certificatePath, maximumSize: maximumFileSize)
            if let reason = certificateExposure.untrustedReason {
                throw EmulatorCertificateAuthorityError.untrusted(path: certificatePath, reason: reason)
            }
            certificateContents = certificateData
        } catch let error as PrivateFileError {
            throw .file(error.description)
        } catch let error as EmulatorCertificateAuthorityError {
            throw error
        } catch {
            throw .file("could not read \(folder.path)")
        }
        guard let key = try? P256.Signing.PrivateKey(pemRepresentation: String(decoding: keyContents, as: UTF8.self)),
            let certificate = try? Certificate(pemEncoded: String(decoding: certificateContents, as: UTF8.self))
        else { throw .corrupt(path: folder.path) }
        guard certificate.publicKey == Certificate.PublicKey(key.publicKey) else { throw .corrupt(path: folder.path) }
        guard certificate.notValidAfter > now + serverCertificateLifetime else { throw .expired(path: folder.path) }
        return Self(folder: folder, certificate: certificate, keyDER: key.derRepresentation)
    }

    // MARK: Server certificates

    /// A server certificate and its key, both DER.
    public struct ServerCredential: Sendable {
        /// The certificate.
        public let certificate: Certificate
        /// The certificate, DER.
        public let certificateDER: [UInt8]
        /// The P-256 private key, DER (SEC 1 / PKCS #8 as swift-crypto writes it).
        public let privateKeyDER: [UInt8]
    }

    /// A fresh server certificate for ``lineHostNames`` with a new key, valid for
    /// ``serverCertificateLifetime`` from a minute before `now`.
    /// - Throws: ``EmulatorCertificateAuthorityError/certificate(_:)``.
    public func issueServerCertificate(now: Date = Date()) throws(EmulatorCertificateAuthorityError) -> ServerCredential {
        try issueServerCertificate(for: Self.lineHostNames, now: now)
    }

    /// A server certificate for `names` (tests issue one for another host to see the constraints refuse it).
    func issueServerCertificate(for names: [String], now: Date) throws(EmulatorCertificateAuthorityError) -> ServerCredential {
        let key = P256.Signing.PrivateKey()
        do {
            let authorityKey = try P256.Signing.PrivateKey(derRepresentation: keyDER)
            let subject = try DistinguishedName { CommonName(names.first ?? "") }
            // The authority's key identifier: strict verifiers (Python 3.13's VERIFY_X509_STRICT) require it.
            let authorityKeyID = try self.certificate.extensions.subjectKeyIdentifier?.keyIdentifier
            let extensions = try Certificate.Extensions {
                AuthorityKeyIdentifier(keyIdentifier: authorityKeyID)
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.map { GeneralName.dnsName($0) })
                SubjectKeyIdentifier(hash: Certificate.PublicKey(key.publicKey))
            }
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
                notValidBefore: now - 60, notValidAfter: min(now + Self.serverCertificateLifetime, self.certificate.notValidAfter),
                issuer: self.certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
                issuerPrivateKey: Certificate.PrivateKey(authorityKey))
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return ServerCredential(
                certificate: certificate, certificateDER: serializer.serializedBytes, privateKeyDER: Array(key.derRepresentation))
        } catch {
            throw .certificate("could not issue a server certificate")
        }
    }
}
#endif
