// Every other file of LineLoginPostgres is inside `#if PostgreSQL`: the package trait PostgreSQL brings the packages it builds on, and
// without it SwiftPM doesn't even fetch them (Package.swift says why).
#if !PostgreSQL
#warning("LineLoginPostgres is empty without the package trait \"PostgreSQL\": depend on swift-line-login with traits: [\"PostgreSQL\"]")
#endif
