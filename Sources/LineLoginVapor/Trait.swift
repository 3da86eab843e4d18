// Every other file of LineLoginVapor is inside `#if Vapor`: the package trait Vapor brings the packages it builds on, and
// without it SwiftPM doesn't even fetch them (Package.swift says why).
#if !Vapor
#warning("LineLoginVapor is empty without the package trait \"Vapor\": depend on swift-line-login with traits: [\"Vapor\"]")
#endif
