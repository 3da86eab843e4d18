/// Detects RSA moduli made by the Infineon library broken by ROCA (CVE-2017-15361).
///
/// Such a modulus is a power of 65537 modulo every small prime p (its primes are built as
/// k·M + 65537^a mod M, with M a primorial), which a random modulus almost never is. Only the primes
/// where 65537 does not generate the whole group carry information; together they give a false
/// positive rate far below 2^-100 (the method of the original detector, Nemec et al., CCS 2017).
enum ROCAFingerprint {
    /// For each informative prime, which residues are powers of 65537.
    private static let residueTables: [(prime: Int, isPower: [Bool])] = {
        let primes = [11, 13, 17, 19, 37, 53, 61, 71, 73, 79, 97, 103, 107, 109, 127, 151, 157]
        return primes.map { prime in
            var isPower = [Bool](repeating: false, count: prime)
            var power = 1
            repeat {
                isPower[power] = true
                power = power * (65537 % prime) % prime
            } while power != 1
            return (prime, isPower)
        }
    }()

    /// Whether `modulus` (big-endian) has the ROCA fingerprint.
    static func matches(modulus: [UInt8]) -> Bool {
        for (prime, isPower) in residueTables {
            var residue = 0
            for byte in modulus { residue = (residue << 8 | Int(byte)) % prime }
            if !isPower[residue] { return false }
        }
        return true
    }
}
