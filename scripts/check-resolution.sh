#!/usr/bin/env bash
# What a user's app resolves when it depends on this package, checked on scratch apps that depend on it by path
# (as an app does), sharing SwiftPM's cache:
#   - an app that uses only LineSDK, with the default traits: swift-crypto and swift-asn1, nothing else; and it builds;
#   - a Vapor backend (traits: ["Vapor"]): no Hummingbird, no postgres-nio;
#   - a Hummingbird backend (traits: ["Hummingbird"]): no Vapor, no postgres-nio;
#   - an app's tests on the emulator (LineLoginTesting, traits: ["Emulator"]), the CLI's traits (["CLI"]) and the
#     emulator's HTTPS mode (LineLoginEmulatorHTTPS, traits: ["EmulatorHTTPS"]): Hummingbird, no Vapor, no postgres-nio.
#     All three resolve swift-nio-ssl and swift-certificates: Hummingbird's own manifest names them (HummingbirdTLS,
#     and async-http-client for its tests), so no trait here keeps them from being fetched;
#   - so what the demo compiles is checked on this package's manifest: under the CLI trait (and the traits it turns
#     on) the line-login product's targets name no product of swift-nio-ssl or swift-certificates and no
#     HummingbirdTLS; under EmulatorHTTPS they do (the check can fail).
# Prints each app's packages and exits non-zero when one resolves more than it should. Usage:
#   scripts/check-resolution.sh [work-folder]
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=${1:-"$root/.build/resolution-check"}
fail=0

# app NAME PRODUCT TRAITS IMPORT CODE: a package at $work/app-NAME.
app() {
  local dir="$work/app-$1" traits=$3
  rm -rf "$dir"
  mkdir -p "$dir/Sources/App"
  cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "App", platforms: [.macOS(.v14)],
    dependencies: [.package(name: "swift-line-login", path: "$root"$traits)],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "$2", package: "swift-line-login")])])
SWIFT
  printf 'import %s\n%s\n' "$4" "$5" > "$dir/Sources/App/main.swift"
}

# resolved DIR: the identities of the packages the app resolved, sorted, the package itself left out.
resolved() {
  (cd "$1" && swift package resolve >/dev/null 2>&1 && swift package show-dependencies --format json 2>/dev/null) \
    | python3 -c '
import json, os, sys
root = os.path.realpath(sys.argv[1])
names = set()
def walk(node):
    for child in node.get("dependencies", []):
        # This package, by path: its identity is its folder name, so it is known by its path.
        if os.path.realpath(child.get("path", "")) != root and child.get("url") != root:
            names.add(child["identity"])
        walk(child)
walk(json.load(sys.stdin))
print(" ".join(sorted(names)))' "$root"
}

# expect NAME PACKAGES CHECK: CHECK is a python expression over `names` (a set).
expect() {
  local name=$1 packages=$2 check=$3
  if python3 -c "import sys; names = set(sys.argv[1].split()); sys.exit(0 if ($check) else 1)" "$packages"; then
    echo "resolution: ✓ $name resolves $(wc -w <<<"$packages" | tr -d ' ') packages: ${packages:-none}"
  else
    echo "resolution: ✗ $name resolves: ${packages:-none} (expected: $check)"
    fail=1
  fi
}

app lineSDK LineSDK "" LineSDK 'LoginManager.shared.setup(channelID: "1234567890", universalLinkURL: nil)'
app vaporBackend LineLoginVapor ', traits: ["Vapor"]' LineLoginVapor 'print(LineBearerMiddleware.self)'
app hummingbirdBackend LineLoginHummingbird ', traits: ["Hummingbird"]' LineLoginHummingbird \
  'print(LineBearerMiddleware<LineRequestContext>.self)'

app emulatorTests LineLoginTesting ', traits: ["Emulator"]' LineLoginTesting 'print(TestLinePlatform.self)'
# The CLI's traits on an app that uses LineSDK: SwiftPM resolves what every product reaches under them, so this is
# what `swift run --traits CLI line-login demo` fetches.
app cli LineSDK ', traits: ["CLI"]' LineSDK 'print(LoginManager.self)'
app emulatorHTTPS LineLoginEmulatorHTTPS ', traits: ["EmulatorHTTPS"]' LineLoginEmulatorHTTPS \
  'print(EmulatorCertificateAuthority.lineHostNames)'

packages=$(resolved "$work/app-lineSDK") || { echo "resolution: the LineSDK app did not resolve"; exit 1; }
expect "an app that uses LineSDK (default traits)" "$packages" 'names == {"swift-crypto", "swift-asn1"}'
packages=$(resolved "$work/app-vaporBackend") || { echo "resolution: the Vapor app did not resolve"; exit 1; }
expect "a Vapor backend (traits: Vapor)" "$packages" '"vapor" in names and not names & {"hummingbird", "postgres-nio", "swift-prometheus"}'
packages=$(resolved "$work/app-hummingbirdBackend") || { echo "resolution: the Hummingbird app did not resolve"; exit 1; }
expect "a Hummingbird backend (traits: Hummingbird)" "$packages" '"hummingbird" in names and not names & {"vapor", "postgres-nio", "swift-prometheus"}'
packages=$(resolved "$work/app-emulatorTests") || { echo "resolution: the emulator tests app did not resolve"; exit 1; }
expect "an app's tests on the emulator (traits: Emulator)" "$packages" '"hummingbird" in names and not names & {"vapor", "postgres-nio"}'
packages=$(resolved "$work/app-cli") || { echo "resolution: the CLI app did not resolve"; exit 1; }
expect "the CLI's traits (traits: CLI)" "$packages" \
  '{"hummingbird", "swift-argument-parser"} <= names and not names & {"vapor", "postgres-nio", "swift-prometheus"}'
packages=$(resolved "$work/app-emulatorHTTPS") || { echo "resolution: the emulator HTTPS app did not resolve"; exit 1; }
expect "the emulator's HTTPS mode (traits: EmulatorHTTPS)" "$packages" \
  '{"hummingbird", "swift-nio-ssl", "swift-certificates"} <= names and not names & {"vapor", "postgres-nio"}'

# TLS PRODUCT TRAIT...: exits 0 when, with TRAITS on (and those they turn on), PRODUCT's targets name a TLS
# product (swift-nio-ssl's, swift-certificates' or HummingbirdTLS); prints them.
tls_reached() {
  swift package dump-package 2>/dev/null | python3 -c '
import json, sys
manifest, product, on = json.load(sys.stdin), sys.argv[1], set(sys.argv[2:])
traits = {t["name"]: t.get("enabledTraits", []) for t in manifest["traits"]}
pending = list(on)
while pending:
    for implied in traits.get(pending.pop(), []):
        if implied not in on: on.add(implied); pending.append(implied)
targets = {t["name"]: t for t in manifest["targets"]}
def applies(condition):
    return not condition or not condition.get("traits") or bool(on & set(condition["traits"]))
seen, reached = set(), set()
pending = [name for p in manifest["products"] if p["name"] == product for name in p["targets"]]
while pending:
    name = pending.pop()
    if name in seen: continue
    seen.add(name)
    for dependency in targets[name]["dependencies"]:
        kind, value = next(iter(dependency.items()))
        if not applies(value[-1]): continue
        if kind == "product":
            if value[1] in ("swift-nio-ssl", "swift-certificates") or value[0] == "HummingbirdTLS":
                reached.add(value[0])
        elif value[0] in targets:
            pending.append(value[0])
print(" ".join(sorted(reached)) or "none")
sys.exit(0 if reached else 1)' "$@"
}
if reached=$(tls_reached line-login CLI); then
  echo "resolution: ✗ the demo's line-login (traits: CLI) compiles TLS products: $reached"
  fail=1
else
  echo "resolution: ✓ the demo's line-login (traits: CLI) compiles no product of swift-nio-ssl or swift-certificates, no HummingbirdTLS"
fi
if reached=$(tls_reached line-login CLI EmulatorHTTPS); then
  echo "resolution: ✓ line-login with EmulatorHTTPS compiles $reached"
else
  echo "resolution: ✗ line-login with EmulatorHTTPS compiles no TLS product (the check above would prove nothing)"
  fail=1
fi

# The LineSDK app also builds, as a user's would.
if (cd "$work/app-lineSDK" && swift build --product App >"$work/app-lineSDK/build.log" 2>&1); then
  echo "resolution: ✓ the LineSDK app builds"
else
  tail -20 "$work/app-lineSDK/build.log"
  echo "resolution: ✗ the LineSDK app does not build"
  fail=1
fi
exit $fail
