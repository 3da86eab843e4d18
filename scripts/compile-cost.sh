#!/usr/bin/env bash
# What an app that uses one product of this package compiles, from a clean build: three small apps that
# depend on this package by path (as a user's app does), each built in debug into a fresh scratch folder.
# Prints, per app: the modules compiled, the build's wall time and its CPU time (user + sys, which varies
# far less than wall time on a shared machine). Usage: scripts/compile-cost.sh [work-folder]
#
# - "LineSDK only" stands in for an iOS app: SwiftPM builds the same modules for any platform, but this
#   runs on Linux, so its times are a Linux build's, not an Xcode build's (no iOS build happens here).
# - Each app enables the package traits its product needs (none for LineSDK), as the README's Install
#   section says; the packages it resolves are counted too (scripts/check-resolution.sh checks which).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"

app() { # name product traits import code
  # The folder is the root package's identity, so it must not be a dependency's name ("vapor").
  local dir="$work/app-$1"
  mkdir -p "$dir/Sources/App"
  cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "App", platforms: [.macOS(.v14)],
    dependencies: [.package(name: "swift-line-login", path: "$root"$3)],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "$2", package: "swift-line-login")])])
SWIFT
  printf 'import %s\n%s\n' "$4" "$5" > "$dir/Sources/App/main.swift"
}

app lineSDK LineSDK "" LineSDK 'LoginManager.shared.setup(channelID: "1234567890", universalLinkURL: nil)'
app hummingbird LineLoginHummingbird ', traits: ["Hummingbird"]' LineLoginHummingbird 'print(LineBearerMiddleware<LineRequestContext>.self)'
app vapor LineLoginVapor ', traits: ["Vapor"]' LineLoginVapor 'print(LineBearerMiddleware.self)'

printf '| app (product) | packages resolved | Swift modules compiled | wall time | CPU time (user + sys) |\n|---|---|---|---|---|\n'
for name in lineSDK hummingbird vapor; do
  dir="$work/app-$name"
  (cd "$dir" && swift package resolve >/dev/null 2>&1)
  packages=$(find "$dir/.build/checkouts" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l)
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$dir/time.txt" swift build --package-path "$dir" --scratch-path "$dir/.build" --product App \
    > "$dir/build.log" 2>&1
  times=$(tail -1 "$dir/time.txt")
  end=$(date +%s.%N)
  modules=$(find "$dir/.build/debug/Modules" "$dir/.build/debug" -maxdepth 1 -name '*.swiftmodule' 2>/dev/null | sed 's|.*/||' | sort -u | wc -l)
  cpu=$(echo "$times" | awk '{printf "%.0f", $1 + $2}')
  # /usr/bin/time reports the swift-build driver's children too (the compiler jobs are its children).
  printf '| %s | %s | %s | %.0f s | %s s |\n' "$name" "$packages" "$modules" "$(echo "$end - $start" | bc)" "$cpu"
done
