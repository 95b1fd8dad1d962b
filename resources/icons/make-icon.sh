#!/bin/sh
# Draws the Sluice icon (a gate holding back a stream) with ImageMagick; the
# PNGs are committed, rerun this only to change the artwork.
set -e
cd "$(dirname "$0")"
convert -size 256x256 xc:none \
  -fill '#1f4e85' -draw 'roundrectangle 8,8 247,247 48,48' \
  -fill '#2b6cb0' -draw 'roundrectangle 8,8 247,150 48,48' -draw 'rectangle 8,100 247,150' \
  -fill '#e2e8f0' -draw 'roundrectangle 46,36 76,196 6,6' -draw 'roundrectangle 180,36 210,196 6,6' \
  -fill '#f6ad55' -draw 'rectangle 76,52 180,120' \
  -fill '#dd6b20' -draw 'rectangle 76,52 180,62' \
  -fill '#63b3ed' -draw 'path "M 20,170 C 56,146 88,194 128,170 S 200,146 236,170 L 236,214 Q 236,236 214,236 L 42,236 Q 20,236 20,214 Z"' \
  -fill none -stroke '#ebf8ff' -strokewidth 8 -draw 'path "M 28,196 C 60,176 92,216 128,196 S 196,176 228,196"' \
  sluice-256.png
for s in 128 64 48 32 16; do convert sluice-256.png -resize ${s}x${s} sluice-$s.png; done
