// Every other file of LineLoginAsyncHTTPClient is inside `#if AsyncHTTPClient`: the package trait AsyncHTTPClient brings the packages it builds on, and
// without it SwiftPM doesn't even fetch them (Package.swift says why).
#if !AsyncHTTPClient
#warning(
    "LineLoginAsyncHTTPClient is empty without the package trait \"AsyncHTTPClient\": depend on swift-line-login with traits: [\"AsyncHTTPClient\"]"
)
#endif
