#!/usr/bin/env bash
# Issue 26's frame costs: what each frame draws, moves and hands to the display, and where its
# CPU time goes, for the standard gestures, drawn as changes (the default) and drawn whole
# (--full-redraw), side by side.
#
#   benchmarks/frames.sh [--no-window] [REFRESH_LAB_BINARY]
#
# Headless, it replays the pull, the pull and fling, the load at the end, the touchpad swipe,
# mouse wheel steps and the 10-second fling over a million rows with --stats. With a display
# (its own Xvfb when DISPLAY is unset) it also runs interaction.sh's real xdotool gestures on
# the window over a million rows with --stats. Each line is the app's --stats line (per frame:
# pixels_drawn, pixels_copied, pixels_presented, and rows/text/header/scrollbar/present ms),
# after the replay's name and the mode.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
window=1
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --no-window) window=0; shift ;;
    -*) echo "frames.sh: unknown option $1" >&2; exit 2 ;;
    *) binary="$1"; shift ;;
  esac
done
if [ -z "$binary" ]; then
  binary="$(cd "$here/.." && swift build -c release --show-bin-path)/refresh-lab"
fi
[ -x "$binary" ] || { echo "frames.sh: no $binary (swift build -c release --product refresh-lab)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Mouse wheel notches down and back: a wheel's steps rather than a touchpad's.
printf '%s\n' '{"t":0.1,"type":"wheel","dy":-3}' '{"t":0.15,"type":"wheel","dy":-3}' \
  '{"t":0.2,"type":"wheel","dy":-2}' '{"t":0.8,"type":"wheel","dy":4}' \
  '{"t":0.85,"type":"wheel","dy":5}' '{"t":2.5,"type":"end"}' >"$work/wheel.jsonl"

replays=(
  "pull:$here/../docs/scripts/pull.jsonl:"
  "fling:$here/../docs/scripts/pull-and-fling.jsonl:"
  "load:$here/../docs/scripts/push-to-end.jsonl:--rows 20 --total 100"
  "touchpad:$here/../docs/scripts/touchpad-swipe.jsonl:"
  "wheel:$work/wheel.jsonl:"
  "fling-10s:$here/fling-10s.jsonl:--size 800x600 --rows 1000000 --total 1000000"
)
for entry in "${replays[@]}"; do
  IFS=: read -r name file extra <<<"$entry"
  for mode in changes whole; do
    flag=()
    [ "$mode" = whole ] && flag=(--full-redraw)
    # shellcheck disable=SC2086
    line=$("$binary" --headless --replay "$file" $extra --stats "${flag[@]}")
    echo "replay=$name mode=$mode $line"
  done
done

[ "$window" = 1 ] || exit 0
for mode in changes whole; do
  flag=""
  [ "$mode" = whole ] && flag="--full-redraw"
  # The program itself (exec), so that interaction.sh measures its CPU; --stats goes to a file.
  cpu=$("$here/interaction.sh" --name RefreshLab -- bash -c "exec '$binary' --size 400x700 \
    --rows 1000000 --page-size 1000000 --total 1000000 --stats $flag >'$work/stats-$mode'")
  # The stats line is written at exit, which interaction.sh's stop brings about.
  for _ in $(seq 50); do [ -s "$work/stats-$mode" ] && break; sleep 0.1; done
  echo "window=interaction mode=$mode $cpu $(cat "$work/stats-$mode" 2>/dev/null)"
done
