#!/bin/sh
# Renders the lab's recording of one preset's refresh (pull.jsonl) as a GIF at 50 fps and MP4s
# at 30 and 60 fps, from headless --screenshot frames: the fit's round trip.
# usage: render.sh LAB PRESET OUTDIR [extra lab flags, e.g. --show-touches]
set -eu
lab=$1; preset=$2; out=$3; shift 3
here=$(dirname "$0")
size=${FIT_SIZE:-360x640}
seconds=${FIT_SECONDS:-3.5}
mkdir -p "$out/f50-$preset" "$out/f60-$preset"
for fps in 50 60; do
  n=$(awk "BEGIN { print int($seconds * $fps) }")
  # Frame i is the one on screen from i/fps until the next: it is asked for half a frame in,
  # where no rounding of the printed time can fall before it (i/fps printed to five decimals
  # rounds down for every third frame at 60 fps and took the frame before, a duplicate).
  args=$(awk -v n="$n" -v fps="$fps" -v dir="$out/f$fps-$preset" \
    'BEGIN { for (i = 0; i < n; i++) printf " --screenshot %.5f:%s/%04d.png", (i + 0.5) / fps, dir, i }')
  # shellcheck disable=SC2086
  "$lab" --headless --replay "$here/pull.jsonl" --size "$size" --fps "$fps" --preset "$preset" \
    --trace "$out/$preset-$fps.trace.jsonl" "$@" $args
done
ffmpeg -nostdin -loglevel error -y -framerate 50 -i "$out/f50-$preset/%04d.png" \
  -vf "split[a][b];[a]palettegen=max_colors=64[p];[b][p]paletteuse=dither=none" "$out/$preset.gif"
ffmpeg -nostdin -loglevel error -y -framerate 60 -i "$out/f60-$preset/%04d.png" \
  -c:v libx264 -pix_fmt yuv420p -crf 18 "$out/$preset-60.mp4"
ffmpeg -nostdin -loglevel error -y -framerate 60 -i "$out/f60-$preset/%04d.png" -vf "select='not(mod(n\,2))'" \
  -r 30 -c:v libx264 -pix_fmt yuv420p -crf 18 "$out/$preset-30.mp4"
# The lab's own trace at 1000 fps: the motion measured another way, to a millisecond.
"$lab" --headless --replay "$here/pull.jsonl" --size "$size" --fps 1000 --preset "$preset" \
  --trace "$out/$preset-1000.trace.jsonl" "$@"
