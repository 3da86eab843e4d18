// Every other file of LineLoginTesting is inside `#if Emulator`: the emulator it starts needs the package trait Emulator
// (Package.swift says why).
#if !Emulator
#warning("LineLoginTesting is empty without the package trait \"Emulator\": depend on swift-line-login with traits: [\"Emulator\"]")
#endif
