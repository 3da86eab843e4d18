// expected-error: stored property 'algorithm' of 'Sendable'-conforming struct 'SignatureCheck' has non-Sendable type 'SecKeyAlgorithm'
// Security imports SecKeyAlgorithm (a CF_STRING_ENUM over CFString) without Sendable, because CFString isn't
// Sendable. The stand-in used to declare it `@unchecked Sendable`, which let this compile; Xcode refuses it.
import Security

struct SignatureCheck: Sendable {
    let algorithm: SecKeyAlgorithm
}
