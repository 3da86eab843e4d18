#!/usr/bin/env bash
# Type-checks the package's Apple code on Linux against stand-ins of Apple's declared interfaces (iOS 17),
# transcribed from Apple's documentation into scripts/apple-stubs/<Module>/. Not an Xcode build: nothing is
# linked or run, and the stand-ins cover only what this package and its app code use.
#
#   scripts/apple-typecheck.sh [APP_FILE.swift ...]
#
# 1. builds the stand-in modules (Darwin, AppleFoundationShim, Security, UIKit, AuthenticationServices,
#    SwiftUI) into .build-apple/ (git-ignored);
# 2. compiles every .swift file under Sources/LineLoginPrimitives, Sources/OAuthEngine and Sources/LineSDK (found
#    afresh each run) as those modules, with the stand-ins importable, so each `#if canImport(UIKit)`,
#    `canImport(Security)`, `canImport(AuthenticationServices)` and `canImport(Darwin)` branch is compiled,
#    in Swift 6 mode with Package.swift's upcoming features;
# 3. type-checks scripts/apple-typecheck/app/*.swift and each APP_FILE as app code importing LineSDK;
# 4. repeats 2 (LineSDK) and 3 with the two declarations later SDKs made `@MainActor`
#    (ASWebAuthenticationPresentationContextProviding, SwiftUI's View; -D LATER_SDK_ISOLATION);
# 5. type-checks each scripts/apple-typecheck/must-fail/*.swift and fails if one compiles, or fails without
#    the diagnostic its `// expected-error:` line names (the stand-ins must not be looser than Apple's).
# Exits 0 only when all of that holds.
set -uo pipefail
fail() { echo "apple-typecheck: $*" >&2; exit 1; }

# App files are named relative to the caller's directory.
given=()
for app in "$@"; do
  [ -f "$app" ] || fail "no such app file: $app"
  given+=("$(cd "$(dirname "$app")" && pwd)/$(basename "$app")")
done

cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/.build-apple"
stubs="$root/scripts/apple-stubs"
checks="$root/scripts/apple-typecheck"
# Dependency order: each stand-in imports only those before it.
stub_modules=(Darwin AppleFoundationShim Security UIKit AuthenticationServices SwiftUI)

# swift-crypto's Swift modules come from the ordinary Linux build; LineLoginPrimitives, OAuthEngine and
# LineSDK are compiled here again, so they are left out of the import path.
echo "apple-typecheck: swift build --target LineSDK (for swift-crypto's modules)"
build_log=$(swift build --target LineSDK 2>&1) || { echo "$build_log" | tail -30; fail "swift build failed"; }
bin=$(swift build --show-bin-path) || fail "swift build --show-bin-path failed"

rm -rf "$out/modules" "$out/later" "$out/deps"
mkdir -p "$out/modules" "$out/later" "$out/deps" "$out/ModuleCache"
for module in "$bin"/Modules/*.swiftmodule; do
  case "$(basename "$module")" in LineLoginPrimitives.swiftmodule|OAuthEngine.swiftmodule|LineSDK.swiftmodule) continue ;; esac
  ln -s "$module" "$out/deps/"
done

swift_flags=(-swift-version 6 -parse-as-library -module-cache-path "$out/ModuleCache")
ios17=(-I "$out/modules" -I "$out/deps")
# Modules found in $out/later shadow those in $out/modules.
later=(-I "$out/later" -I "$out/modules" -I "$out/deps")
package_flags=(
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility
  -package-name swift_line_login -DSWIFT_PACKAGE -DDEBUG
  # What Apple's Foundation adds to Linux's (CoreFoundation types, OSStatus, NSUserActivity) is visible
  # in every file, as it is through `import Foundation` on Apple platforms.
  -Xfrontend -import-module -Xfrontend AppleFoundationShim
)
for map in .build/checkouts/swift-crypto/Sources/*/include/module.modulemap; do
  [ -f "$map" ] || continue
  package_flags+=(-Xcc "-fmodule-map-file=$root/$map" -Xcc -I -Xcc "$root/$(dirname "$map")")
done

# build_stub MODULE DIR [FLAG ...]
build_stub() {
  local module=$1 dir=$2
  shift 2
  swiftc "${swift_flags[@]}" "$@" -emit-module -module-name "$module" -emit-module-path "$dir/$module.swiftmodule" \
    "$stubs/$module"/*.swift || fail "stand-in module $module does not compile"
}
for module in "${stub_modules[@]}"; do build_stub "$module" "$out/modules" "${ios17[@]}"; done
echo "apple-typecheck: ${#stub_modules[@]} stand-in modules built (${stub_modules[*]})"

# compile_target TARGET DIR LABEL [FLAG ...]: every .swift file under Sources/TARGET, compiled as one module.
compile_target() {
  local target=$1 dir=$2 label=$3
  shift 3
  local files=()
  while IFS= read -r -d '' file; do files+=("$file"); done < <(find "Sources/$target" -name '*.swift' -print0 | sort -z)
  [ ${#files[@]} -gt 0 ] || fail "no sources in Sources/$target"
  swiftc "${swift_flags[@]}" "$@" "${package_flags[@]}" -emit-module -module-name "$target" \
    -emit-module-path "$dir/$target.swiftmodule" "${files[@]}" || fail "$target does not type-check against the $label stand-ins"
  echo "apple-typecheck: ✓ $target ($label): ${#files[@]} files type-checked"
}

# Up to SIL, not just -typecheck: Swift 6's data-race ("sending") errors come from the SIL passes.
check_flags=(-emit-sil -o /dev/null)
app_files=()
for file in "$checks"/app/*.swift; do [ -f "$file" ] && app_files+=("$file"); done
app_files+=("${given[@]}")

# check_apps LABEL [FLAG ...]
check_apps() {
  local label=$1 file
  shift
  for file in "${app_files[@]}"; do
    swiftc "${swift_flags[@]}" "$@" "${package_flags[@]}" "${check_flags[@]}" -module-name AppleTypecheckApp "$file" \
      || fail "app file ${file#"$root"/} does not type-check against the $label stand-ins"
    echo "apple-typecheck: ✓ app file ${file#"$root"/} ($label)"
  done
}

compile_target LineLoginPrimitives "$out/modules" "iOS 17" "${ios17[@]}"
compile_target OAuthEngine "$out/modules" "iOS 17" "${ios17[@]}"
compile_target LineSDK "$out/modules" "iOS 17" "${ios17[@]}"
check_apps "iOS 17" "${ios17[@]}"

# OAuthEngine imports neither module that changes, so only LineSDK and the app code are compiled again.
for module in AuthenticationServices SwiftUI; do build_stub "$module" "$out/later" "${later[@]}" -DLATER_SDK_ISOLATION; done
compile_target LineSDK "$out/later" "later-SDK isolation" "${later[@]}"
check_apps "later-SDK isolation" "${later[@]}"

must_fail=0
for file in "$checks"/must-fail/*.swift; do
  [ -f "$file" ] || continue
  name=${file#"$root"/}
  expected=$(sed -n 's|^// expected-error: ||p' "$file" | head -1)
  [ -n "$expected" ] || fail "$name has no '// expected-error: <text>' line"
  if diagnostics=$(swiftc "${swift_flags[@]}" "${ios17[@]}" "${package_flags[@]}" "${check_flags[@]}" -module-name AppleTypecheckMustFail "$file" 2>&1); then
    fail "$name compiles, but Apple's SDK rejects it: a stand-in is looser than Apple's declaration"
  fi
  grep -qF -- "$expected" <<<"$diagnostics" || { echo "$diagnostics"; fail "$name fails, but not with \"$expected\""; }
  echo "apple-typecheck: ✓ must-fail ${name}: does not compile (\"$expected\")"
  must_fail=$((must_fail + 1))
done
[ "$must_fail" -ge 1 ] || fail "no must-fail snippets in ${checks#"$root"/}/must-fail"

echo "apple-typecheck: passed: ${#app_files[@]} app files, $must_fail must-fail snippets rejected (type-checked on Linux against stand-ins of Apple's iOS 17 interfaces; not an Xcode build)"
