#!/usr/bin/env bash
# Type-checks the package's Apple code on Linux against stand-ins of Apple's declared interfaces, for iOS and for
# macOS, transcribed from Apple's documentation into scripts/apple-stubs/<Module>/ (the URL beside each
# declaration). Not an Xcode build: nothing is linked or run, and the stand-ins cover only what this package and
# its app code use. docs/APPLE_PLATFORMS.md says what they model and what they can't.
#
#   scripts/apple-typecheck.sh [--ios FILE.swift]... [--macos FILE.swift]...
#
# 0. the manifest rules (scripts/apple-typecheck/rules/manifest.py, on `swift package dump-package`): an app that
#    uses LineSDK or OAuthEngine reaches CryptoExtras (BoringSSL) only through a non-Apple platform or trait
#    condition, and those targets ship PrivacyInfo.xcprivacy;
# 1. the Foundation-networking import rule (scripts/apple-typecheck/rules/foundation_imports.py) over every
#    .swift file under Sources/ and Examples/: with it, the ordinary Linux build answers for Apple's, where
#    URLSession and its kin are Foundation's (Linux's Foundation can't be replaced by a stand-in);
# 2. for each platform (iOS 17 SDK with UIKit, macOS 14 SDK with AppKit) builds the stand-in modules (Darwin,
#    AppleFoundationShim, Security, CryptoKit and swift-crypto's Apple face `Crypto`, then UIKit or AppKit,
#    AuthenticationServices, SwiftUI) into .build-apple/<platform>/ (git-ignored);
# 3. compiles every .swift file under Sources/LineLoginPrimitives, Sources/OAuthEngine, Sources/LineLoginPlatform and
#    Sources/LineSDK as those modules, in Swift 6 mode
#    with Package.swift's upcoming features, against the stand-ins (so swift-crypto's Linux build is not seen:
#    CryptoKit's keys are not Sendable, and no CryptoExtras exists, as in an app), so every `#if canImport(...)`
#    branch of that platform is compiled;
# 4. type-checks the app code of that platform: each file of scripts/apple-typecheck/app/<platform>/ and
#    app/common/ on its own, and each app of Examples/<iOS|macOS>/ with the files given with --ios / --macos as one
#    app module (an app's files see each other's types, as in Xcode), and each of its files that doesn't import
#    LineSDK also on its own (so a LinkedIn sign-in is shown to need OAuthEngine only);
# 5. repeats 3 (LineSDK) and 4 with the declarations later SDKs made `@MainActor`
#    (ASWebAuthenticationPresentationContextProviding, SwiftUI's View; -D LATER_SDK_ISOLATION);
# 6. type-checks the server products for macOS against the same stand-ins (CryptoKit's keys not Sendable), with
#    their other dependencies (SwiftNIO, Hummingbird, swift-log, ...) as built for Linux: EmulatorBrowser,
#    LineLoginServer, LineLoginHummingbird, LineLoginAsyncHTTPClient, LineLoginEmulator, LineLoginTesting.
#    LineLoginEmulatorHTTPS, LineLoginPostgres, LineLoginVapor, the example site and the CLI are left out:
#    swift-certificates (the emulator's local CA), postgres-nio and Vapor build swift-crypto's own modules, which a
#    stand-in can't replace;
# 7. checks that each scripts/apple-typecheck/must-fail/*.swift is refused, by the import rule or by the
#    compiler against its platform's stand-ins (`// platform: macos`; iOS otherwise), with the diagnostic its
#    `// expected-error:` line names (the stand-ins must not be looser than Apple's SDK), and that each
#    must-fail/*.json (a part of a dump-package) is refused by the manifest rules with the error its "//" names.
# Exits 0 only when all of that holds.
set -uo pipefail
fail() { echo "apple-typecheck: $*" >&2; exit 1; }

cd_root() { cd "$(dirname "$0")/.." || fail "no package root"; }
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }

extra_ios=()
extra_macos=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ios) [ $# -ge 2 ] && [ -f "$2" ] || fail "--ios needs an app file"; extra_ios+=("$(absolute "$2")"); shift 2 ;;
    --macos) [ $# -ge 2 ] && [ -f "$2" ] || fail "--macos needs an app file"; extra_macos+=("$(absolute "$2")"); shift 2 ;;
    *) fail "unknown argument: $1 (use --ios FILE or --macos FILE)" ;;
  esac
done

cd_root
root=$(pwd)
out="$root/.build-apple"
stubs="$root/scripts/apple-stubs"
checks="$root/scripts/apple-typecheck"

# 0. The manifest rules.
manifest=$(swift package dump-package 2>/dev/null) || fail "swift package dump-package failed"
python3 "$checks/rules/manifest.py" <<<"$manifest" || fail "the manifest rules failed (above)"
echo "apple-typecheck: ✓ manifest: no CryptoExtras for an app on Apple platforms, privacy manifests shipped"

# 1. The import rule, over every source and example file.
sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done < <(find Sources Examples -name '*.swift' -print0 | sort -z)
python3 "$checks/rules/foundation_imports.py" "${sources[@]}" || fail "the Foundation-networking import rule failed (above)"
echo "apple-typecheck: ✓ Foundation-networking imports: ${#sources[@]} files follow the rule"

# The package's own dependencies but swift-crypto come from the ordinary Linux build (SwiftASN1 has no Apple
# face of its own); swift-crypto is the stand-in, as CryptoKit is what an app gets.
# The server targets checked for macOS (step 6), in dependency order.
# Not LineLoginEmulatorHTTPS: swift-certificates needs swift-crypto's own _CryptoExtras, which the stand-ins don't model.
server_targets=(EmulatorBrowser LineLoginServer LineLoginHummingbird LineLoginAsyncHTTPClient LineLoginEmulator LineLoginTesting)
# Their dependencies' modules, and SwiftASN1's, come from the Linux build (a no-op once `swift test` built them).
# With CI's traits (scripts/traits.sh), so the server targets' dependencies are there and nothing is rebuilt.
source "$root/scripts/traits.sh"
for target in OAuthEngine "${server_targets[@]}"; do
  echo "apple-typecheck: swift build --target $target ${ci_traits[*]} (for its dependencies' modules)"
  build_log=$(swift build --target "$target" "${ci_traits[@]}" 2>&1) || { echo "$build_log" | tail -30; fail "swift build --target $target failed"; }
done
bin=$(swift build --show-bin-path) || fail "swift build --show-bin-path failed"
rm -rf "$out"
mkdir -p "$out/deps" "$out/ModuleCache"
for module in SwiftASN1; do
  [ -e "$bin/Modules/$module.swiftmodule" ] || fail "no $module module in $bin/Modules"
  ln -s "$bin/Modules/$module.swiftmodule" "$out/deps/"
done

swift_flags=(-swift-version 6 -parse-as-library -module-cache-path "$out/ModuleCache")
package_flags=(
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility
  -package-name swift_line_login -DSWIFT_PACKAGE -DDEBUG
  # What Apple's Foundation adds to Linux's (CoreFoundation types, OSStatus, NSUserActivity) is visible
  # in every file, as it is through `import Foundation` on Apple platforms.
  -Xfrontend -import-module -Xfrontend AppleFoundationShim
)
# Up to SIL, not just -typecheck: Swift 6's data-race ("sending") errors come from the SIL passes.
check_flags=(-emit-sil -o /dev/null)

# Dependency order: each stand-in imports only those before it.
common_modules=(Darwin AppleFoundationShim Security CryptoKit Crypto)
ios_modules=(UIKit AuthenticationServices SwiftUI)
macos_modules=(AppKit AuthenticationServices SwiftUI)
# The declarations later SDKs isolate to the main actor.
later_modules=(AuthenticationServices SwiftUI)

# build_stub MODULE DIR [FLAG ...]
build_stub() {
  local module=$1 dir=$2
  shift 2
  swiftc "${swift_flags[@]}" "$@" -emit-module -module-name "$module" -emit-module-path "$dir/$module.swiftmodule" \
    "$stubs/$module"/*.swift || fail "stand-in module $module does not compile ($dir)"
}

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

# check_app LABEL FILE... -- FLAG...: the files as one app module importing the package (-wmo: several files
# with -emit-sil to /dev/null).
check_app() {
  local label=$1
  shift
  local files=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do files+=("$1"); shift; done
  shift
  local names=("${files[@]#"$root"/}")
  swiftc "${swift_flags[@]}" "$@" "${package_flags[@]}" "${check_flags[@]}" -wmo -module-name AppleTypecheckApp "${files[@]}" \
    || fail "app code ${names[*]} does not type-check against the $label stand-ins"
  echo "apple-typecheck: ✓ app ${names[*]} ($label)"
}

app_count=0
# platform_pass NAME LABEL EXAMPLES_DIR UI_MODULE... -- EXTRA_APP_FILE...
platform_pass() {
  local name=$1 label=$2 examples=$3
  shift 3
  local ui=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do ui+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  local modules="$out/$name/modules" later="$out/$name/later" module
  mkdir -p "$modules" "$later"
  local flags=(-I "$modules" -I "$out/deps")
  # Modules found in $later shadow those in $modules.
  local later_flags=(-I "$later" -I "$modules" -I "$out/deps")
  for module in "${common_modules[@]}" "${ui[@]}"; do build_stub "$module" "$modules" "${flags[@]}"; done
  echo "apple-typecheck: $label: ${#common_modules[@]} + ${#ui[@]} stand-in modules built (${common_modules[*]} ${ui[*]})"

  local singles=() example_apps=() file app
  for file in "$checks/app/common"/*.swift "$checks/app/$name"/*.swift; do [ -f "$file" ] && singles+=("$file"); done
  for app in "$examples"/*/; do [ -d "$app" ] && example_apps+=("${app%/}"); done
  [ ${#singles[@]} -gt 0 ] && [ ${#example_apps[@]} -gt 0 ] || fail "no app code for $label"

  # check_all FLAGS_LABEL FLAG...: every single file, every example app (the given files join the first).
  check_all() {
    local pass=$1 given_used=0
    shift
    for file in "${singles[@]}"; do check_app "$pass" "$file" -- "$@"; done
    for app in "${example_apps[@]}"; do
      local files=()
      while IFS= read -r -d '' file; do files+=("$root/$file"); done < <(find "$app" -name '*.swift' -print0 | sort -z)
      if [ "$given_used" -eq 0 ]; then files+=("${extra[@]}"); given_used=1; fi
      check_app "$pass" "${files[@]}" -- "$@"
      # A file that doesn't import LineSDK (a LinkedIn sign-in, say) is also an app of its own: it must build
      # with OAuthEngine alone.
      for file in "${files[@]}"; do
        grep -qE '^[[:space:]]*(@[A-Za-z]+ +)*import +LineSDK' "$file" || check_app "$pass, OAuthEngine alone" "$file" -- "$@"
      done
    done
  }
  local extra=("$@")

  compile_target LineLoginPrimitives "$modules" "$label" "${flags[@]}"
  compile_target OAuthEngine "$modules" "$label" "${flags[@]}"
  compile_target LineLoginPlatform "$modules" "$label" "${flags[@]}"
  compile_target LineSDK "$modules" "$label" "${flags[@]}"
  check_all "$label" "${flags[@]}"

  for module in "${later_modules[@]}"; do build_stub "$module" "$later" "${later_flags[@]}" -DLATER_SDK_ISOLATION; done
  # OAuthEngine's web-authentication agent conforms to the provider protocol that later SDKs isolate.
  compile_target OAuthEngine "$later" "$label, later-SDK isolation" "${later_flags[@]}"
  compile_target LineLoginPlatform "$later" "$label, later-SDK isolation" "${later_flags[@]}"
  compile_target LineSDK "$later" "$label, later-SDK isolation" "${later_flags[@]}"
  check_all "$label, later-SDK isolation" "${later_flags[@]}"
  app_count=$((app_count + ${#singles[@]} + ${#example_apps[@]}))
}

platform_pass ios "iOS 17" Examples/iOS "${ios_modules[@]}" -- "${extra_ios[@]}"
platform_pass macos "macOS 14" Examples/macOS "${macos_modules[@]}" -- "${extra_macos[@]}"

# 6. The server products that can be checked this way, for macOS.
mkdir -p "$out/server-deps"
for module in "$bin"/Modules/*.swiftmodule; do
  name=$(basename "$module" .swiftmodule)
  case " Crypto CryptoExtras _CryptoExtras CryptoBoringWrapper LineLoginPrimitives OAuthEngine LineLoginPlatform LineSDK ${server_targets[*]} " in
    *" $name "*) continue ;;
  esac
  ln -s "$module" "$out/server-deps/"
done
# Their code is inside `#if <Trait>`: the traits are on, as SwiftPM defines them for an enabled trait.
server_flags=(-I "$out/macos/modules" -I "$out/server-deps" -DServer -DHummingbird -DAsyncHTTPClient -DEmulator)
# The C modules of those dependencies (SwiftNIO's, ...), but swift-crypto's.
for map in .build/checkouts/*/Sources/*/include/module.modulemap "$bin"/*.build/module.modulemap; do
  case "$map" in *swift-crypto* | *CCryptoBoringSSL* | *CXKCP*) continue ;; esac
  [ -f "$map" ] && server_flags+=(-Xcc "-fmodule-map-file=$map" -Xcc -I -Xcc "$(dirname "$map")")
done
for target in "${server_targets[@]}"; do compile_target "$target" "$out/macos/modules" "macOS 14" "${server_flags[@]}"; done

must_fail=0
for file in "$checks"/must-fail/*.swift; do
  [ -f "$file" ] || continue
  name=${file#"$root"/}
  expected=$(sed -n 's|^// expected-error: ||p' "$file" | head -1)
  [ -n "$expected" ] || fail "$name has no '// expected-error: <text>' line"
  platform=$(sed -n 's|^// platform: ||p' "$file" | head -1)
  case "${platform:-ios}" in ios | macos) ;; *) fail "$name names an unknown platform: $platform" ;; esac
  modules="$out/${platform:-ios}/modules"
  if diagnostics=$(python3 "$checks/rules/foundation_imports.py" "$file" 2>&1); then
    if diagnostics=$(swiftc "${swift_flags[@]}" -I "$modules" -I "$out/deps" "${package_flags[@]}" "${check_flags[@]}" \
      -module-name AppleTypecheckMustFail "$file" 2>&1); then
      fail "$name compiles, but Apple's SDK rejects it: a stand-in is looser than Apple's declaration"
    fi
  fi
  grep -qF -- "$expected" <<<"$diagnostics" || { echo "$diagnostics"; fail "$name fails, but not with \"$expected\""; }
  echo "apple-typecheck: ✓ must-fail ${name} (${platform:-ios}): refused (\"$expected\")"
  must_fail=$((must_fail + 1))
done
for file in "$checks"/must-fail/*.json; do
  [ -f "$file" ] || continue
  name=${file#"$root"/}
  expected=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["//"].removeprefix("expected-error: "))' "$file") \
    || fail "$name has no \"//\": \"expected-error: <text>\" member"
  if diagnostics=$(python3 "$checks/rules/manifest.py" <"$file" 2>&1); then
    fail "$name passes the manifest rules, but it should be refused"
  fi
  grep -qF -- "$expected" <<<"$diagnostics" || { echo "$diagnostics"; fail "$name is refused, but not with \"$expected\""; }
  echo "apple-typecheck: ✓ must-fail ${name} (manifest): refused (\"$expected\")"
  must_fail=$((must_fail + 1))
done
[ "$must_fail" -ge 1 ] || fail "no must-fail snippets in ${checks#"$root"/}/must-fail"

echo "apple-typecheck: passed: OAuthEngine and LineSDK for iOS and macOS, ${#server_targets[@]} server targets for macOS, $app_count apps and app files, $must_fail must-fail snippets refused (type-checked on Linux against stand-ins of Apple's iOS 17 and macOS 14 interfaces; not an Xcode build)"
