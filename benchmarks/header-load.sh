#!/usr/bin/env bash
# What an animated header's file costs to load: a 1024 × 1024 px, 32-frame GIF made here with
# ImageMagick (a disc moving over a flat canvas), the lab's own two animations and, when a
# corpus is named, its largest Lottie files; each loaded by the header-corpus checker in a
# process of its own (seconds to decode every GIF frame, or to check a Lottie and render every
# frame at the header's size; peak resident memory), then the lab itself, headless, replaying a
# pull with the large GIF as its header against the classic header (peak resident memory).
#
#   benchmarks/header-load.sh CHECKER APP [CORPUS]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: header-load.sh CHECKER APP [CORPUS]" >&2; exit 2; }
checker=$1; app=$2; corpus=${3:-}
here="$(cd "$(dirname "$0")" && pwd)"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
frames=()
for i in $(seq 0 31); do
  x=$((128 + i * 24)); frames+=("(" -size 1024x1024 xc:white -fill "rgb($((i * 8)),90,200)"
    -draw "circle $x,512 $((x + 100)),512" ")")
done
convert -delay 4 "${frames[@]}" -loop 0 "$work/large.gif"
echo "large.gif: $(stat -c %s "$work/large.gif") bytes, $(identify "$work/large.gif" | wc -l) frames of 1024 × 1024 px"
files=("$work/large.gif" "$here/../Assets/Headers/pull.gif" "$here/../Assets/Headers/pull.json")
if [ -n "$corpus" ]; then
  while IFS= read -r file; do files+=("$file"); done < <(ls -S "$corpus"/lottie/*.json | head -3)
fi
for file in "${files[@]}"; do
  "$checker" load "$file" | sed "s|\\\\/|/|g" | sed "s|$work/||; s|$here/../||"
done
peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
classic=$(peak "$app" --headless --replay "$here/../docs/scripts/pull.jsonl")
large=$(peak "$app" --headless --replay "$here/../docs/scripts/pull.jsonl" --header "$work/large.gif")
awk -v c="$classic" -v l="$large" 'BEGIN { printf "refresh-lab replaying a pull: peak resident %.1f MB with the large GIF header, %.1f MB with the classic header\n", l / 1024, c / 1024 }'
