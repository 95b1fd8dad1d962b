#!/usr/bin/env bash
# The screenshot matrix of issue 30 (docs/gui.md "Screenshot matrix"): every
# screen at 1600×1000 and 800×600, light and dark, en/fr/id, shot under Xvfb by
# build/tests/gui/sluice-screenshots, then one contact sheet per screen in
# docs/screenshots/matrix-<screen>.png with each tile labelled.
# Usage: tools/screenshots/matrix.sh [BUILD_DIR] [OUT_DIR]
#   BUILD_DIR  a Release tree with the sluice-screenshots target built (default: build)
#   OUT_DIR    where the sheets go (default: docs/screenshots); the raw shots
#              stay in BUILD_DIR/screenshots/matrix
# Needs xvfb-run and ImageMagick's montage.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${1:-$root/build}"
out="${2:-$root/docs/screenshots}"
program="$build/tests/gui/sluice-screenshots"
raw="$build/screenshots/matrix"
for tool in xvfb-run montage; do
  command -v "$tool" >/dev/null || { echo "matrix.sh: $tool is not installed" >&2; exit 1; }
done
[ -x "$program" ] || { echo "matrix.sh: $program missing: cmake --build $build --target sluice-screenshots" >&2; exit 1; }

# SHEETS_ONLY=1 rebuilds the sheets from the shots already taken.
if [ -z "${SHEETS_ONLY:-}" ]; then
  rm -rf "$raw"
  mkdir -p "$raw"
  xvfb-run -a -s "-screen 0 1600x1000x24" "$program" "$raw"
fi
mkdir -p "$out"
# montage's default font (Helvetica) is often absent; any sans face will do for the labels.
font="$(fc-match -f '%{file}' sans 2>/dev/null || true)"
fontopt=()
[ -n "$font" ] && fontopt=(-font "$font")

# One sheet per screen: rows are 1600×1000 then 800×600, each light en/fr/id
# then dark en/fr/id. Tiles are scaled to two fifths (640 px wide for 1600) so a sheet stays small;
# the 800×600 tiles keep their proportions against the big ones (half the size).
for screen in empty conversation budget stats server plan getmodel settings convert shortcuts; do
  tiles=()
  for size in 1600x1000 800x600; do
    w=${size%x*}
    for theme in light dark; do
      for lang in en fr id; do
        f="$raw/$screen-$size-$theme-$lang.png"
        [ -f "$f" ] || { echo "matrix.sh: $f was not shot" >&2; exit 1; }
        # The same scale for every size (two fifths), so small screens look small.
        tiles+=(-label "${size/x/×} $theme $lang" "$f")
      done
    done
  done
  montage "${tiles[@]}" -resize 40% -tile 6x -geometry +6+6 "${fontopt[@]}" -pointsize 13 -background '#d8d8d8' \
    -colors 256 -depth 8 "PNG8:$out/matrix-$screen.png"
  echo "$out/matrix-$screen.png $(du -k "$out/matrix-$screen.png" | cut -f1) KB"
done
