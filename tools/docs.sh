#!/usr/bin/env bash
# Builds the HTML documentation from doc/*.adoc into build/doc (or the folder given), then checks
# it: Asciidoctor must not warn, and tools/check_docs.py must find every link, anchor and image,
# and no markup or internal reference left in the text. Needs asciidoctor and python3
# (tools/setup.sh installs both).
#
#   tools/docs.sh [OUTPUT_DIR]       then open OUTPUT_DIR/index.html
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/doc}
command -v asciidoctor > /dev/null || {
  echo "docs.sh: asciidoctor is not installed (tools/setup.sh installs it)" >&2; exit 2; }

mkdir -p "$out"
rm -f "$out"/*.html
rm -rf "$out/images"
# docinfo=shared adds doc/docinfo*.html to every page: the bar of links back to the index.
# webfonts! keeps the pages from fetching fonts, so that they read the same offline.
asciidoctor --failure-level=WARN -a docinfo=shared -a webfonts! \
  -D "$out" "$root"/doc/*.adoc
cp -r "$root/doc/images" "$out/images"
python3 "$root/tools/check_docs.py" --self-test
python3 "$root/tools/check_docs.py" "$out"
