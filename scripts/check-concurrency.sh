#!/usr/bin/env bash
# One concurrency primitive per job (OAuthEngine's "Design" article): fails when a Swift file under the given
# folders (default: Sources Tests Benchmarks Fuzz, what .ci/run passes)
#   - names `NSLock` outside the one lock box, Sources/LineLoginPrimitives/Concurrency/LockedValue.swift
#     (use `LockedValue`), or
#   - declares `@unchecked Sendable` without a reason: a `// @unchecked: why nothing else works` line in the
#     comment block right above the declaration.
# Comment lines don't count. `--self-test` runs the check on scratch files that must fail and one that must pass.
set -uo pipefail
cd "$(dirname "$0")/.."

box="Sources/LineLoginPrimitives/Concurrency/LockedValue.swift"

# Prints one "path:line: what" per finding; the exit status is 1 when there is any.
check() {
  local status=0 findings
  findings=$(find "$@" -name '*.swift' -type f -print0 2>/dev/null | sort -z | xargs -0 -r awk -v box="$box" '
    FNR == 1 { block_has_reason = 0 }
    {
      line = $0
      sub(/^[ \t]+/, "", line)
      if (line ~ /^\/\//) {
        if (line ~ /^\/\/+ *@unchecked:/) block_has_reason = 1
        next
      }
      if (line ~ /^@/ && line !~ /@unchecked/) next  # attributes between the comment and the declaration
      if (FILENAME != box && FILENAME !~ ("/" box "$") && $0 ~ /NSLock/)
        printf "%s:%d: NSLock outside the lock box (use LockedValue from LineLoginPrimitives)\n", FILENAME, FNR
      if ($0 ~ /@unchecked[ \t]+Sendable/ && !block_has_reason)
        printf "%s:%d: @unchecked Sendable without a \"// @unchecked: <why nothing else works>\" comment right above\n", FILENAME, FNR
      block_has_reason = 0
    }')
  if [ -n "$findings" ]; then printf '%s\n' "$findings"; status=1; fi
  return $status
}

self_test() {
  local scratch failed=0
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' RETURN
  mkdir -p "$scratch/lock" "$scratch/bare" "$scratch/doc" "$scratch/good"
  printf 'import Foundation\nfinal class Box {\n    private let lock = NSLock()\n}\n' >"$scratch/lock/Box.swift"
  printf '/// A box.\nfinal class Bare: @unchecked Sendable {}\n' >"$scratch/bare/Bare.swift"
  printf '/// A box; its @unchecked Sendable is fine, trust me.\nfinal class Doc: @unchecked Sendable {}\n' >"$scratch/doc/Doc.swift"
  printf '/// A key box.\n// @unchecked: an immutable key older SDKs do not declare Sendable.\nstruct Good: @unchecked Sendable {}\n// NSLock in a comment is fine.\n' \
    >"$scratch/good/Good.swift"
  for bad in lock bare doc; do
    if check "$scratch/$bad" >/dev/null; then echo "check-concurrency self-test: $bad was not caught"; failed=1; fi
  done
  if ! check "$scratch/good"; then echo "check-concurrency self-test: a reasoned @unchecked Sendable was refused"; failed=1; fi
  return $failed
}

if [ "${1:-}" = "--self-test" ]; then
  if self_test; then echo "check-concurrency: self-test passed"; exit 0; fi
  exit 1
fi
[ $# -gt 0 ] || set -- Sources Tests Benchmarks Fuzz
if check "$@"; then
  echo "check-concurrency: no NSLock outside LockedValue, every @unchecked Sendable says why ($*)"
else
  echo "check-concurrency: fix the lines above (OAuthEngine's Design article: one lock box, reasons for @unchecked)"
  exit 1
fi
