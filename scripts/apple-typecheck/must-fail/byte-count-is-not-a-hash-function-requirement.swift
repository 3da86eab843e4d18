// expected-error: type 'H' has no member 'byteCount'
// CryptoKit declares `byteCount` on each hash function (`SHA256.byteCount`) and on each digest type, not on the
// HashFunction protocol: generic code asks the digest (`H.Digest.byteCount`). The stand-in used to put it in a
// HashFunction extension, which let this compile.
import Crypto

func digestLength<H: HashFunction>(of _: H.Type) -> Int {
    H.byteCount
}
