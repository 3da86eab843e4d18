#if EmulatorHTTPS
/// Why ``EmulatorCertificateAuthority`` can't be used.
public enum EmulatorCertificateAuthorityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file or folder could not be created, read, written or removed (the sentence says which and why).
    case file(String)
    /// Someone other than you could have changed the key or certificate, or can read the key.
    case untrusted(path: String, reason: String)
    /// The key or certificate in the folder can't be read as one, or they don't belong together.
    case corrupt(path: String)
    /// The authority expires before a server certificate issued now would.
    case expired(path: String)
    /// A certificate could not be made.
    case certificate(String)

    /// A readable explanation, with what to do.
    public var description: String {
        switch self {
        case .file(let message): "The emulator's certificate authority: \(message)."
        case .untrusted(let path, let reason):
            "The emulator's certificate authority key or certificate \(path) is not safe to use: \(reason). Rotate it (line-login emulator-ca rotate) or fix the file's owner and mode (chmod 600)."
        case .corrupt(let path):
            "The emulator's certificate authority in \(path) is not a matching key and certificate. Rotate it: line-login emulator-ca rotate."
        case .expired(let path):
            "The emulator's certificate authority in \(path) has expired or is about to. Rotate it: line-login emulator-ca rotate."
        case .certificate(let message): "The emulator's certificate authority: \(message)."
        }
    }
}
#endif
