// Every other file of LineLoginEmulatorHTTPS is inside `#if EmulatorHTTPS`: the package trait EmulatorHTTPS brings
// swift-nio-ssl, swift-certificates and HummingbirdTLS, and without it SwiftPM doesn't even fetch them (Package.swift
// says why).
#if !EmulatorHTTPS
#warning(
    "LineLoginEmulatorHTTPS is empty without the package trait \"EmulatorHTTPS\": depend on swift-line-login with traits: [\"EmulatorHTTPS\"]"
)
#endif
