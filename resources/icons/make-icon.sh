#!/bin/sh
# Renders the Sluice icon (sluice.svg: a gate holding back a stream) at the
# hicolor sizes with rsvg-convert (Debian: librsvg2-bin). The PNGs are
# committed so the build needs no SVG renderer; rerun this after editing the
# SVG. packaging/CMakeLists.txt installs every size plus the SVG as scalable.
set -e
cd "$(dirname "$0")"
for s in 16 22 24 32 48 64 128 256; do
  rsvg-convert -w "$s" -h "$s" sluice.svg -o "sluice-$s.png"
done
