// Every other file of LineLoginExampleSite is inside `#if ExampleSite`: the package trait ExampleSite brings the packages it builds on, and
// without it SwiftPM doesn't even fetch them (Package.swift says why).
#if !ExampleSite
#warning(
    "LineLoginExampleSite is empty without the package trait \"ExampleSite\": depend on swift-line-login with traits: [\"ExampleSite\"]")
#endif
