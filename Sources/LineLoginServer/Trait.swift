// Every other file of LineLoginServer is inside `#if Server`: the package trait Server brings the packages it builds on, and
// without it SwiftPM doesn't even fetch them (Package.swift says why).
#if !Server
#warning("LineLoginServer is empty without the package trait \"Server\": depend on swift-line-login with traits: [\"Server\"]")
#endif
