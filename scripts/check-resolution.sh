#!/usr/bin/env bash
# What a user's app resolves when it depends on this package, checked on scratch apps that depend on it by path
# (as an app does), sharing SwiftPM's cache:
#   - an app that uses only LineSDK, with the default traits: swift-crypto and swift-asn1, nothing else; and it builds;
#   - a Vapor backend (traits: ["Vapor"]): no Hummingbird, no postgres-nio;
#   - a Hummingbird backend (traits: ["Hummingbird"]): no Vapor, no postgres-nio.
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

packages=$(resolved "$work/app-lineSDK") || { echo "resolution: the LineSDK app did not resolve"; exit 1; }
expect "an app that uses LineSDK (default traits)" "$packages" 'names == {"swift-crypto", "swift-asn1"}'
packages=$(resolved "$work/app-vaporBackend") || { echo "resolution: the Vapor app did not resolve"; exit 1; }
expect "a Vapor backend (traits: Vapor)" "$packages" '"vapor" in names and not names & {"hummingbird", "postgres-nio", "swift-prometheus"}'
packages=$(resolved "$work/app-hummingbirdBackend") || { echo "resolution: the Hummingbird app did not resolve"; exit 1; }
expect "a Hummingbird backend (traits: Hummingbird)" "$packages" '"hummingbird" in names and not names & {"vapor", "postgres-nio", "swift-prometheus"}'

# The LineSDK app also builds, as a user's would.
if (cd "$work/app-lineSDK" && swift build --product App >"$work/app-lineSDK/build.log" 2>&1); then
  echo "resolution: ✓ the LineSDK app builds"
else
  tail -20 "$work/app-lineSDK/build.log"
  echo "resolution: ✗ the LineSDK app does not build"
  fail=1
fi
exit $fail
