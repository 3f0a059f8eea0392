#!/bin/sh
# The window's own screenshots for README, taken from the real window under Xvfb with real X key
# presses (xdotool): docs/keys.png (the ? overlay) and docs/panel.png (the tuning panel docked
# beside the list, filtered to the footer's settings, with the footer in view).
# Usage: docs/make-window-screenshots.sh [path to refresh-lab]
set -eu
cd "$(dirname "$0")/.."
app="${1:-$(swift build --show-bin-path)/refresh-lab}"
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

# -displayfd: Xvfb writes its display number once it accepts connections.
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/display" 2>/dev/null &
server=$!
while [ ! -s "$work/display" ]; do sleep 0.1; done
export DISPLAY=":$(cat "$work/display")" SDL_AUDIODRIVER=dummy

# $1: flags; $2: the screenshot's time; then xdotool's actions once the window shows, which end
# by quitting it.
shoot() {
  flags="$1" time="$2"
  shift 2
  # shellcheck disable=SC2086
  "$app" $flags --screenshot "$time:$work/shot.png" &
  pid=$!
  window="$(timeout 20 xdotool search --sync --onlyvisible --name RefreshLab | head -n 1)"
  xdotool windowfocus --sync "$window" "$@"
  wait "$pid"
}

shoot "--size 400x700 --seed 3 --lang en" 3 sleep 1 key --clearmodifiers question sleep 3 key Escape Escape
cp "$work/shot.png" docs/keys.png
# The footer loads for a minute, so it is still in view, spinning, while its settings are tuned.
shoot "--size 400x700 --seed 3 --lang en --latency 60" 5 \
  sleep 1 key End sleep 0.5 key Tab sleep 0.3 key slash f o o t sleep 4 \
  key Escape sleep 0.3 key Escape sleep 0.3 key Escape
cp "$work/shot.png" docs/panel.png
