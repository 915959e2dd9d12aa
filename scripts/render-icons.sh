#!/usr/bin/env bash
# Renders the add-on's store images from their SVG sources: icon.png (128×128) and logo.png (250×100).
# Needs rsvg-convert (Debian: apt-get install librsvg2-bin). The logo's lettering uses DejaVu Sans Bold
# (fonts-dejavu-core) when installed; its width is fixed in the SVG, so another sans-serif font fits too.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v rsvg-convert >/dev/null; then
  echo "rsvg-convert is missing: apt-get install librsvg2-bin" >&2
  exit 1
fi
rsvg-convert --width 128 --height 128 assets/icon.svg --output icon.png
rsvg-convert --width 250 --height 100 assets/logo.svg --output logo.png
echo "rendered icon.png and logo.png"
