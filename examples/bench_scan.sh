#!/usr/bin/env bash
# What the README's scan figures come from: `gamepak scan` against the tools it
# replaces, on this machine.
#   1. the fixture tree, checked: one scan against `gamepak check` run once per
#      file in a shell loop;
#   2. 100,000 small files, identified: `gamepak scan --identify-only` against
#      `file` over the same files (`find -print0 | xargs -0 file`);
#   3. the peak memory of (2).
# Needs ../shared/fixtures beside the repository for (1), and GNU time for (3).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p gamepak-cli >&2
bin="${CARGO_TARGET_DIR:-target}/release/gamepak"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

seconds() { # the wall time of a command, in seconds
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

if [ -d ../shared/fixtures ]; then
  scan=$(seconds "$bin" --quiet scan ../shared/fixtures -o "$scratch/fixtures.jsonl")
  loop=$(seconds bash -c "find ../shared/fixtures -type f -print0 | while IFS= read -r -d '' f; do \"$bin\" check \"\$f\"; done")
  echo "fixture tree, checked: scan ${scan}s, check per file ${loop}s, ratio $(echo "scale=2; $scan / $loop" | bc)"
fi

tree="$scratch/tree"
for d in $(seq -w 0 99); do
  mkdir -p "$tree/$d"
  for f in $(seq -w 0 999); do printf 'small file %s %s\n' "$d" "$f" > "$tree/$d/$f.txt"; done
done
scan=$(seconds "$bin" --quiet scan --identify-only "$tree" -o "$scratch/small.jsonl")
file=$(seconds bash -c "find '$tree' -type f -print0 | xargs -0 file")
echo "100,000 small files, identified: scan ${scan}s, file ${file}s, ratio $(echo "scale=2; $scan / $file" | bc)"
if [ -x /usr/bin/time ]; then
  rm -f "$scratch/small.jsonl"
  peak=$(/usr/bin/time -f %M "$bin" --quiet scan --identify-only "$tree" -o "$scratch/small.jsonl" 2>&1 >/dev/null | tail -1)
  echo "100,000 small files, identified: peak memory $((peak / 1024)) MiB"
fi
