// Every other file of LineLoginEmulatorHTTPS is inside `#if EmulatorHTTPS`: the package trait EmulatorHTTPS brings
// swift-nio-ssl, swift-certificates and HummingbirdTLS, and without it nothing of this package compiles them (Hummingbird's
// manifest still has SwiftPM fetch the first two; docs/PACKAGE.md).
#if !EmulatorHTTPS
#warning(
    "LineLoginEmulatorHTTPS is empty without the package trait \"EmulatorHTTPS\": depend on swift-line-login with traits: [\"EmulatorHTTPS\"]"
)
#endif
