#!/bin/sh
# A person's own capture of the lab's real window (issue 52): the window opened on an X display
# with --show-touches and --trace, driven by xdotool (a scroll down and back up, then two pulls a
# few seconds apart), recorded by ffmpeg's x11grab at 30 fps with the cursor drawn. Then the same
# capture as 60 fps PNG frames scaled to 0.9, and re-encoded keeping only the frames that change
# (a variable frame rate, as a phone's recorder keeps them).
# usage: [SIZE=WxH] capture.sh LAB PRESET OUTDIR DISPLAY (an X server must be running on DISPLAY;
# the window 360×640 points unless SIZE says otherwise; the drags run down the window's middle at
# the same rows from its top whatever its size)
# Writes OUTDIR/PRESET.mp4, OUTDIR/PRESET-frames/ (0.9 scale, 60 fps), OUTDIR/PRESET-vfr.mp4 and
# OUTDIR/PRESET.trace.jsonl (the app's own trace).
set -eu
lab=$1; preset=$2; out=$3; display=$4
export DISPLAY="$display"
mkdir -p "$out"
rm -rf "$out/$preset-frames" "$out/$preset.trace.jsonl"
"$lab" --preset "$preset" --show-touches --size "${SIZE:-360x640}" --trace "$out/$preset.trace.jsonl" &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT
window=""
for _ in $(seq 100); do
  window=$(xdotool search --onlyvisible --pid "$app" 2>/dev/null | head -n 1 || true)
  [ -n "$window" ] && break
  sleep 0.1
done
[ -n "$window" ] || { echo "capture.sh: the lab's window never showed on $display" >&2; exit 1; }
eval "$(xdotool getwindowgeometry --shell "$window")"
sleep 1
ffmpeg -nostdin -loglevel error -y -f x11grab -draw_mouse 1 -framerate 30 -video_size "${WIDTH}x${HEIGHT}" \
  -i "$display+$X,$Y" -c:v libx264 -preset ultrafast -crf 16 -pix_fmt yuv420p "$out/$preset.mp4" &
grab=$!
left=$((X + WIDTH / 2))
# drag FROM TO SECONDS HOLD: the pointer pressed at window y FROM, moved to TO in 60 steps a
# second over SECONDS, held there HOLD seconds, then lifted.
drag() {
  steps=$(awk "BEGIN { print int($3 * 60) }")
  xdotool mousemove "$left" $((Y + $1)) mousedown 1
  i=1
  while [ "$i" -le "$steps" ]; do
    xdotool mousemove "$left" "$(awk "BEGIN { print int($Y + $1 + ($2 - $1) * $i / $steps) }")"
    sleep 0.016
    i=$((i + 1))
  done
  sleep "$4"
  xdotool mouseup 1
}
sleep 1
# Scroll down (finger up, stopped before the lift: no fling), then back up the same way.
drag 520 180 0.6 0.3
sleep 1.5
drag 180 520 0.6 0.3
sleep 2
# Two pulls, each released and left to refresh and collapse.
drag 120 330 0.8 0.15
sleep 4
drag 120 300 0.7 0.15
sleep 4
kill -INT "$grab"
wait "$grab" || true
kill "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true
trap - EXIT
mkdir -p "$out/$preset-frames"
ffmpeg -nostdin -loglevel error -y -i "$out/$preset.mp4" \
  -vf "fps=60,scale=trunc(iw*0.9/2)*2:trunc(ih*0.9/2)*2" "$out/$preset-frames/%05d.png"
ffmpeg -nostdin -loglevel error -y -i "$out/$preset.mp4" -vf mpdecimate -fps_mode vfr \
  -c:v libx264 -crf 20 -pix_fmt yuv420p "$out/$preset-vfr.mp4"
