#!/usr/bin/env bash
# Checks that `vazir bench` reproduces the node count recorded in tests/bench_signature.txt,
# a file every clone has (a check against commit messages alone passed silently in a copy
# without git history). When the history is there, the newest "Bench: N" commit message is
# compared too and a disagreement is reported, as a hint that one of the two is stale.
# Usage: bench_signature.sh path/to/vazir
set -euo pipefail
engine=$1
cd "$(dirname "$0")/.."
file=tests/bench_signature.txt
expected=$(grep -vE '^\s*(#|$)' "$file" 2>/dev/null | head -1 | tr -d '[:space:]' || true)
if ! [[ "$expected" =~ ^[0-9]+$ ]]; then
  echo "FAILED: no node count in $file (expected one line with a number)"
  echo "0 passed, 1 failed"
  exit 1
fi
fromGit=$(git log --format=%B 2>/dev/null | grep -m1 -oE '^Bench: [0-9]+' | grep -oE '[0-9]+' || true)
if [ -n "$fromGit" ] && [ "$fromGit" != "$expected" ]; then
  echo "note: the newest 'Bench:' commit message says $fromGit, $file says $expected"
fi
actual=$("$engine" bench | tail -1 | awk '{print $1}')
echo "bench: $actual nodes, $file says $expected"
if [ "$actual" = "$expected" ]; then
  echo "1 passed, 0 failed"
else
  echo "FAILED: the bench signature changed; if that is intended, update $file and say Bench: $actual in the commit message"
  echo "0 passed, 1 failed"
  exit 1
fi
