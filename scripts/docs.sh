#!/usr/bin/env bash
# Builds the DocC documentation of the public modules from their catalogues (Sources/<Module>/<Module>.docc)
# with the toolchain's own docc, warnings as errors (a broken symbol link fails CI). Needs the debug build
# (`swift build`); symbol graphs come from its modules. The CLI's catalogue (Sources/line-login/line-login.docc)
# holds articles only and is converted without symbol graphs. Output: .build/docs/<Module>/ (static hosting).
# Each catalogue is converted alone, so ``Symbol`` and <doc:> links resolve within it only: articles name another
# module's article in words (OAuthEngine's "Design" article says so).
# Usage: scripts/docs.sh [Module ...]
set -euo pipefail
cd "$(dirname "$0")/.."
modules=("$@")
[ ${#modules[@]} -eq 0 ] && modules=(OAuthEngine LineLoginPlatform LineSDK LineLoginServer LineLoginHummingbird LineLoginVapor
  LineLoginPostgres LineLoginAsyncHTTPClient LineLoginEmulator LineLoginEmulatorHTTPS LineLoginTesting EmulatorBrowser line-login)
# Catalogues of articles only (an executable has no symbol graph to document).
articles_only=" line-login "
triple=$(swift -print-target-info 2>/dev/null | sed -n 's/.*"triple": "\([^"]*\)".*/\1/p' | head -1)
# The modules with the traits CI builds them with (a no-op after `swift test --enable-all-traits`): a gated module
# built without its trait is empty.
source scripts/traits.sh
swift build "${ci_traits[@]}" >/dev/null || { echo "docs: swift build failed"; exit 1; }
bin=$(swift build --show-bin-path)
modules_dir="$bin/Modules"
[ -d "$modules_dir" ] || modules_dir="$bin"
# C modules (swift-crypto, swift-atomics, NIO) are found through their include folders and module maps.
args=()
while IFS= read -r dir; do args+=(-I "$dir"); done < <(find .build/checkouts -path '*/Sources/*/include' -type d)
while IFS= read -r map; do args+=(-Xcc "-fmodule-map-file=$map"); done < <(find "$bin" -maxdepth 2 -name module.modulemap)
graphs=.build/symbol-graphs
out=.build/docs
failed=0
for module in "${modules[@]}"; do
  rm -rf "${graphs:?}/$module" "${out:?}/$module"
  mkdir -p "$graphs/$module" "$out"
  if [[ "$articles_only" != *" $module "* ]]; then
    swift symbolgraph-extract -module-name "$module" -target "$triple" -I "$modules_dir" "${args[@]}" \
      -output-dir "$graphs/$module" -minimum-access-level public
  fi
  if docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
      --output-path "$out/$module" --fallback-display-name "$module" --fallback-bundle-identifier "swift-line-login.$module" \
      --transform-for-static-hosting --hosting-base-path "$module" --warnings-as-errors > "$out/$module.log" 2>&1; then
    echo "✓ docs $module → $out/$module"
  else
    failed=$((failed + 1)); echo "✗ docs $module"; grep -E "warning|error" "$out/$module.log" | head -40
  fi
done
exit $((failed > 0))
