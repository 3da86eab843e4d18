#!/usr/bin/env bash
# The house layout, by the toolchain's swift-format and the repository's .swift-format.
# Usage: scripts/format.sh          rewrites the Swift files in place
#        scripts/format.sh --check  fails (and lists the places) where a file differs from the layout
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Fuzz Examples)
[ -d Benchmarks ] && paths+=(Benchmarks)
if [ "${1:-}" = "--check" ]; then
  swift format lint --strict --parallel --recursive --configuration .swift-format "${paths[@]}"
else
  swift format format --in-place --parallel --recursive --configuration .swift-format "${paths[@]}"
fi
