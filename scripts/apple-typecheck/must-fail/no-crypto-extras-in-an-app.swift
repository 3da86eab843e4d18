// expected-error: no such module 'CryptoExtras'
// An app that uses LineSDK or OAuthEngine builds no BoringSSL: OAuthEngine depends on CryptoExtras only off
// Apple platforms, so Apple code that imports it does not build (RS256 goes through Security there).
import CryptoExtras

let keySize = _RSA.Signing.KeySize.bits2048
