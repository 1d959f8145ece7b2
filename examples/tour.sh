#!/usr/bin/env bash
# The main job on the shipped examples: identify, inspect, check, extract, rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\n== %s\n' "$*"; }
say "building gamepak (release; a first build compiles some 300 crates, cargo shows its progress)"
cargo build --release -p gamepak-cli
# Wherever cargo put it: CARGO_TARGET_DIR may name another folder.
gp="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/release/gamepak"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "outputs go to $out, removed when the tour ends"

say "GBIN: identify, inspect, check, extract, pack back, build from a .gap script"
$gp identify examples/gbin/*.gbin
$gp info examples/gbin/demo.gbin
$gp check examples/gbin/*.gbin
$gp extract examples/gbin/demo.gbin -o "$out/demo"
$gp pack "$out/demo" -o "$out/demo.gbin"
cmp examples/gbin/demo.gbin "$out/demo.gbin" && echo "rebuilt byte-identical: $out/demo.gbin"
$gp build examples/gbin/gap/demo.gap -o "$out/"
$gp check "$out/hero.gbin"

say "native engine game.bin: inspect, take apart, rebuild, build from content"
$gp identify examples/native/demo.game.bin
$gp info examples/native/demo.game.bin
$gp list examples/native/demo.game.bin
$gp check examples/native/demo.game.bin
$gp extract examples/native/demo.game.bin -o "$out/native"
$gp pack "$out/native" -o "$out/demo.game.bin"
cmp examples/native/demo.game.bin "$out/demo.game.bin" && echo "rebuilt byte-identical: $out/demo.game.bin"
# The content folder's game is TypeScript (tsconfig.json, Entry.ts, Game/*.ts).
$gp build examples/native/content -o "$out/development.game.bin"
$gp check "$out/development.game.bin"
$gp build examples/native/content -o "$out/production.game.bin" --production
$gp check "$out/production.game.bin"
$gp extract "$out/production.game.bin" -o "$out/native-production"
$gp pack "$out/native-production" -o "$out/production-again.game.bin"
cmp "$out/production.game.bin" "$out/production-again.game.bin" && echo "production build extracts and packs back byte-identical"

say "SWAG v10, both byte orders: inspect, take apart, rebuild, build from sources"
$gp identify examples/swag/*.swag
$gp info examples/swag/demo.swag
$gp list examples/swag/demo-be.swag
$gp check examples/swag/*.swag
for f in demo demo-be; do
  $gp extract examples/swag/$f.swag -o "$out/swag-$f"
  $gp pack "$out/swag-$f" -o "$out/$f.swag"
  cmp examples/swag/$f.swag "$out/$f.swag" && echo "rebuilt byte-identical: $out/$f.swag"
done
$gp build examples/swag/src -o "$out/built-be.swag" --byte-order big
cmp examples/swag/demo-be.swag "$out/built-be.swag" && echo "built from sources: $out/built-be.swag"

say "TirNanoG: the demo game, its extraction and rebuild, a build from its sources"
$gp identify -v examples/tng/demo.tng
$gp info examples/tng/demo.tng
$gp check examples/tng/demo.tng
$gp extract examples/tng/demo.tng -o "$out/tng"
$gp pack "$out/tng" -o "$out/demo.tng"
cmp examples/tng/demo.tng "$out/demo.tng" && echo "rebuilt byte-identical: $out/demo.tng"
$gp build examples/tng/src -o "$out/built.tng"
cmp examples/tng/demo.tng "$out/built.tng" && echo "built from sources: $out/built.tng"

# GameMaker: real games are not ours to ship, so this part runs on the fixtures when
# they are beside the repository.
gm=${GAMEPAK_FIXTURES:-../shared/fixtures}/gamemaker
if [ -d "$gm" ]; then
  say "GameMaker: the real games beside the repository"
  $gp identify "$gm"/*.win "$gm"/*.unx "$gm"/*.ios
  $gp info "$gm/Cyberebral_Pure-Yahtzee_data.win"
  $gp check "$gm"/*.win "$gm"/*.unx "$gm"/*.ios
  $gp extract "$gm/MistaCarson_Fall2024MiniJam.win" -o "$out/gm"
  $gp pack "$out/gm" -o "$out/gm.win"
  cmp "$gm/MistaCarson_Fall2024MiniJam.win" "$out/gm.win" && echo "rebuilt byte-identical: $out/gm.win"
else
  echo "SKIPPED GameMaker: $gm not found (set GAMEPAK_FIXTURES)"
fi
say "tour done"
