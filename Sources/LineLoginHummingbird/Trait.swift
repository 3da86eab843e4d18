// Every other file of LineLoginHummingbird is inside `#if Hummingbird`: the package trait Hummingbird brings the packages it builds on, and
// without it SwiftPM doesn't even fetch them (Package.swift says why).
#if !Hummingbird
#warning(
    "LineLoginHummingbird is empty without the package trait \"Hummingbird\": depend on swift-line-login with traits: [\"Hummingbird\"]")
#endif
