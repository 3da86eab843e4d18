// Every other file of LineLoginEmulator is inside `#if Emulator`: the package trait Emulator brings the packages it builds on, and
// without it SwiftPM doesn't even fetch them (Package.swift says why).
#if !Emulator
#warning("LineLoginEmulator is empty without the package trait \"Emulator\": depend on swift-line-login with traits: [\"Emulator\"]")
#endif
