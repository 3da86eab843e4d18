# The package traits each kind of build here uses, in one place (sourced by .ci/run and the scripts): every swift
# build and test of a step passes the same set, so nothing is rebuilt for a different one. docs/PACKAGE.md says
# what each trait brings.
#
# The README's test command, the peers' line-login, the Apple type-check's Linux modules and the documentation:
# every trait, so every product is built and tested.
ci_traits=(--enable-all-traits)
# The sanitizer builds (scripts/sanitize.sh) take the traits whose code the suite runs and a sanitizer can say
# something about, and leave out what would only be compiled again under it, CI's time twice more:
#   - Vapor and AsyncHTTPClient: their SwiftNIO HTTP/2 stack, swift-configuration and Vapor's own packages. The Vapor
#     glue renders the server core's refusal table and web-login routes, whose shared cases the Hummingbird glue runs
#     under both sanitizers; the AsyncHTTPClient transport's deadline and body cases are URLSession's too. No test
#     target uses HummingbirdTesting, which would bring AsyncHTTPClient back
#     (Tests/LineLoginServerTestSupport/HummingbirdRouterClient.swift).
#   - CLI and ExampleSite: no test runs the line-login executable (the peers run it, unsanitized), and the example
#     site's two header checks are a router's answers.
#   - EmulatorHTTPS: swift-certificates and TLS for the emulator's HTTPS mode; its cases (the CA, serving LINE's
#     names) run in the plain suite and the social-core peer.
#   - PostgreSQL, for AddressSanitizer only: the stores are Swift over postgres-nio and its TLS stack (BoringSSL a
#     second time); ThreadSanitizer keeps them, for the stores' concurrent consumption and purges.
asan_traits=(--traits Server,Hummingbird,Emulator)
tsan_traits=(--traits Server,Hummingbird,PostgreSQL,Emulator)

# SwiftPM 6.3 hands the enabled traits to the compiler in a Set's order (swift-package-manager#10525; fixed for 6.4
# by #10344), and Swift draws a new hash seed in every process: each `swift build` after the first, with several
# traits on, recompiled every module of this package although nothing had changed (seen in CI: 474 to 538 compile
# jobs, about 150 s, for a sanitizer build already done; the Apple type-check's, the peers' and the docs' builds
# too). With the seed fixed, every step plans the same order and a build that is done is a no-op. The tests run
# with it too; they run with a random seed on every developer's machine.
export SWIFT_DETERMINISTIC_HASHING=1
