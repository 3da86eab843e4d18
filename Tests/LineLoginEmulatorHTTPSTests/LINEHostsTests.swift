#if EmulatorHTTPS
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
// With swift-nio in the target, `stat` resolves through CoreFoundation on Linux (MemberImportVisibility).
#if canImport(CoreFoundation)
import CoreFoundation
#endif
import Crypto
import Foundation
import SwiftASN1
import LineLoginPrimitives
import Testing
import LineLoginEmulator
import X509
@testable import LineLoginEmulatorHTTPS

/// The local certificate authority and the HTTPS mode that answers for LINE's host names.
@Suite("LINE's host names", .serialized)
struct LINEHostsTests {
    static func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("emulator-ca-\(UUID().uuidString)", isDirectory: true)
    }

    static func validate(_ leaf: Certificate, under authority: Certificate, as hostname: String, at time: Date = Date()) async -> Bool {
        var verifier = Verifier(rootCertificates: CertificateStore([authority])) {
            RFC5280Policy(validationTime: time)
            ServerIdentityPolicy(serverHostname: hostname, serverIP: nil)
        }
        if case .validCertificate = await verifier.validate(leaf: leaf, intermediates: CertificateStore()) { return true }
        return false
    }

    @Test func theKeyFileIs0600FromItsCreation() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let modes = LockedModes()
        let authority = try EmulatorCertificateAuthority.loadOrCreate(in: folder, now: Date()) { (descriptor: Int32) in
            var info = stat()
            if fstat(descriptor, &info) == 0 { modes.append(Int(info.st_mode) & 0o777) }
        }
        // Seen by the hook before the first byte: the mode `open` created the file with.
        #expect(modes.values == [0o600])
        let keyMode = try #require(try FileManager.default.attributesOfItem(atPath: authority.keyFile.path)[.posixPermissions] as? Int)
        #expect(keyMode == 0o600)
        let folderMode = try #require(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int)
        #expect(folderMode == 0o700)
        let certificateMode = try #require(
            try FileManager.default.attributesOfItem(atPath: authority.certificateFile.path)[.posixPermissions] as? Int)
        #expect(certificateMode == 0o644)
        // The export is the certificate, and it is the one kept.
        let exported = try String(contentsOf: authority.certificateFile, encoding: .utf8)
        #expect(try Certificate(pemEncoded: exported) == authority.certificate)
        #expect(authority.certificatePEM == exported)
        let again = try EmulatorCertificateAuthority.loadOrCreate(in: folder)
        #expect(again.certificate == authority.certificate)
    }

    @Test func aKeyOthersCanReadIsRefused() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try EmulatorCertificateAuthority.loadOrCreate(in: folder)
        #expect(chmod(authority.keyFile.path, 0o644) == 0)
        #expect(throws: EmulatorCertificateAuthorityError.self) { try EmulatorCertificateAuthority.loadOrCreate(in: folder) }
        #expect(chmod(authority.keyFile.path, 0o600) == 0)
        #expect(try EmulatorCertificateAuthority.loadOrCreate(in: folder).certificate == authority.certificate)
    }

    @Test func theAuthorityIsLimitedToLINEsHostNames() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try EmulatorCertificateAuthority.loadOrCreate(in: folder)
        let constraints = try #require(try authority.certificate.extensions.nameConstraints)
        #expect(Set(constraints.permittedDNSDomains) == ["access.line.me", "api.line.me", "access-auto.line.me"])
        #expect(authority.certificate.extensions.first { $0.oid == .X509ExtensionID.nameConstraints }?.critical == true)
        #expect(try authority.certificate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))

        let server = try authority.issueServerCertificate()
        for name in EmulatorCertificateAuthority.lineHostNames {
            #expect(await Self.validate(server.certificate, under: authority.certificate, as: name), "\(name)")
        }
        #expect(!(await Self.validate(server.certificate, under: authority.certificate, as: "example.com")))
        // A certificate the authority signs for another host fails under it: the constraints, not the name check.
        let other = try authority.issueServerCertificate(for: ["example.com"], now: Date())
        #expect(!(await Self.validate(other.certificate, under: authority.certificate, as: "example.com")))
        let sneaky = try authority.issueServerCertificate(for: ["access.line.me.evil.example"], now: Date())
        #expect(!(await Self.validate(sneaky.certificate, under: authority.certificate, as: "access.line.me.evil.example")))
    }

    @Test func serverCertificatesAreShortLived() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date()
        let authority = try EmulatorCertificateAuthority.loadOrCreate(in: folder, now: now)
        let server = try authority.issueServerCertificate(now: now)
        let lifetime = server.certificate.notValidAfter.timeIntervalSince(server.certificate.notValidBefore)
        #expect(lifetime <= 7 * 86_400 + 60)
        #expect(try server.certificate.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
        #expect(try server.certificate.extensions.basicConstraints == .notCertificateAuthority)
        #expect(await Self.validate(server.certificate, under: authority.certificate, as: "api.line.me", at: now + 6 * 86_400))
        #expect(!(await Self.validate(server.certificate, under: authority.certificate, as: "api.line.me", at: now + 8 * 86_400)))
        let authorityLifetime = authority.certificate.notValidAfter.timeIntervalSince(now)
        #expect(authorityLifetime > 365 * 86_400 && authorityLifetime <= 2 * 365 * 86_400 + 1) // X.509 times: whole seconds
    }

    @Test func rotateMakesANewAuthorityAndDeleteRemovesIt() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try EmulatorCertificateAuthority.loadOrCreate(in: folder)
        let rotated = try EmulatorCertificateAuthority.rotate(in: folder)
        #expect(rotated.certificate != first.certificate)
        #expect(rotated.certificate.publicKey != first.certificate.publicKey)
        #expect(try EmulatorCertificateAuthority.loadOrCreate(in: folder).certificate == rotated.certificate)
        #expect(try FileManager.default.attributesOfItem(atPath: rotated.keyFile.path)[.posixPermissions] as? Int == 0o600)
        try EmulatorCertificateAuthority.delete(in: folder)
        #expect(!FileManager.default.fileExists(atPath: rotated.keyFile.path))
        #expect(!FileManager.default.fileExists(atPath: rotated.certificateFile.path))
        try EmulatorCertificateAuthority.delete(in: folder) // nothing there is fine
        let fresh = try EmulatorCertificateAuthority.loadOrCreate(in: folder)
        #expect(fresh.certificate != rotated.certificate)
    }

    @Test func aKeyThatIsNotTheCertificatesIsRefused() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try EmulatorCertificateAuthority.loadOrCreate(in: folder)
        let otherFolder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: otherFolder) }
        let other = try EmulatorCertificateAuthority.loadOrCreate(in: otherFolder)
        try FileManager.default.removeItem(at: authority.certificateFile)
        try FileManager.default.copyItem(at: other.certificateFile, to: authority.certificateFile)
        #expect(throws: EmulatorCertificateAuthorityError.corrupt(path: folder.path)) {
            try EmulatorCertificateAuthority.loadOrCreate(in: folder)
        }
    }

    @Test func theHTTPSModeAnswersAsAccessLineMe() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try EmulatorCertificateAuthority.loadOrCreate(in: folder)
        var configuration = EmulatorConfiguration.default
        configuration.testControls = true
        let emulator = LineLoginEmulator(configuration: configuration)
        let baseURL = try await emulator.start(host: "127.0.0.1", port: 0, answeringForLINEHostsWith: authority)
        do {
            #expect(baseURL.scheme == "https")
            let port = try #require(baseURL.port)
            let pem = authority.certificatePEM
            let discovery = try await TLSRequest.send(
                port: port, serverName: "access.line.me", trustedCertificatePEM: pem, path: "/.well-known/openid-configuration")
            #expect(TLSRequest.status(discovery) == 200)
            let document = try JSONSerialization.jsonObject(with: Data(TLSRequest.body(discovery).utf8)) as? [String: Any]
            #expect(document?["issuer"] as? String == "https://access.line.me")
            #expect(document?["authorization_endpoint"] as? String == "https://access.line.me/oauth2/v2.1/authorize")
            #expect(document?["token_endpoint"] as? String == "https://api.line.me/oauth2/v2.1/token")
            #expect(document?["jwks_uri"] as? String == "https://api.line.me/oauth2/v2.1/certs")
            #expect(document?["userinfo_endpoint"] as? String == "https://api.line.me/oauth2/v2.1/userinfo")
            #expect(document?["revocation_endpoint"] as? String == "https://api.line.me/oauth2/v2.1/revoke")
            #expect(emulator.issuer == "https://access.line.me")

            let certs = try await TLSRequest.send(
                port: port, serverName: "api.line.me", trustedCertificatePEM: pem, path: "/oauth2/v2.1/certs")
            #expect(TLSRequest.status(certs) == 200)

            // LINE's names never unlock the dashboard or the test controls.
            for name in EmulatorCertificateAuthority.lineHostNames {
                let dashboard = try await TLSRequest.send(port: port, serverName: name, trustedCertificatePEM: pem, path: "/")
                #expect(TLSRequest.status(dashboard) == 403, "dashboard under \(name)")
                let stats = try await TLSRequest.send(port: port, serverName: name, trustedCertificatePEM: pem, path: "/_emulator/stats")
                #expect(TLSRequest.status(stats) == 403, "stats under \(name)")
                let control = try await TLSRequest.send(
                    port: port, serverName: name, trustedCertificatePEM: pem, method: "POST", path: "/_emulator/control")
                #expect(TLSRequest.status(control) == 403, "control under \(name)")
            }
            // An address as Host still reaches them (over the same TLS connection to access.line.me).
            let byAddress = try await TLSRequest.send(
                port: port, serverName: "access.line.me", trustedCertificatePEM: pem, path: "/_emulator/stats", host: "127.0.0.1:\(port)")
            #expect(TLSRequest.status(byAddress) == 200)

            // A client that expects another name, or trusts another authority, refuses the handshake.
            await #expect(throws: (any Error).self) {
                _ = try await TLSRequest.send(port: port, serverName: "example.com", trustedCertificatePEM: pem, path: "/")
            }
            let otherFolder = Self.scratchFolder()
            defer { try? FileManager.default.removeItem(at: otherFolder) }
            let other = try EmulatorCertificateAuthority.loadOrCreate(in: otherFolder)
            await #expect(throws: (any Error).self) {
                _ = try await TLSRequest.send(
                    port: port, serverName: "access.line.me", trustedCertificatePEM: other.certificatePEM, path: "/")
            }
        } catch {
            await emulator.shutdown()
            throw error
        }
        await emulator.shutdown()
    }
}

/// The modes the key file's hook saw.
final class LockedModes: Sendable {
    private let box = LockedValue<[Int]>([])
    func append(_ mode: Int) { box.withLock { $0.append(mode) } }
    var values: [Int] { box.withLock { $0 } }
}
#endif
