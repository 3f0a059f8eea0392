#!/usr/bin/env bash
# Drives one program's window with a fixed, real X mouse interaction and prints the CPU time the
# program spent on it, so RefreshLab and a peer list view can be compared on the very same input.
#
#   benchmarks/interaction.sh [options] -- COMMAND [ARGS...]
#
# Options:
#   --name TITLE       find the window by its title (default: the first visible window of COMMAND's PID)
#   --idle SECONDS     measure an idle window for SECONDS instead of the interaction (no input at all)
#   --settle SECONDS   wait after the window appears, before measuring (default 2)
#   --screenshots DIR  save PNGs of the whole screen at a few moments (this slows the gesture a
#                      little: leave it off when taking figures)
#
# Prints one line: cpu_seconds=… wall_seconds=… cpu_percent=… (percent of one core), and when the
# script started the X server itself, xvfb_cpu_seconds=… for the server's share over the same span.
# CPU is utime+stime from /proc/PID/stat of COMMAND's process and its live descendants, so COMMAND
# must be the program itself (or `env VAR=… program`), not a wrapper such as `swift run` that
# builds first. If DISPLAY is unset, a private Xvfb is started and stopped again.
set -euo pipefail

name=""
idle=""
settle=2
shots=""
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name="$2"; shift 2 ;;
    --idle) idle="$2"; shift 2 ;;
    --settle) settle="$2"; shift 2 ;;
    --screenshots) shots="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "interaction.sh: unknown option $1 (put the command after --)" >&2; exit 2 ;;
  esac
done
if [ $# -eq 0 ]; then
  echo "usage: interaction.sh [--name TITLE] [--idle SECONDS] [--settle SECONDS] [--screenshots DIR]" \
    "-- COMMAND [ARGS...]" >&2
  exit 2
fi
for tool in xdotool awk getconf; do
  command -v "$tool" >/dev/null || { echo "interaction.sh: $tool is missing (apt-get install xdotool)" >&2; exit 1; }
done

work=$(mktemp -d)
xvfb_pid=""
app_pid=""

stop() {
  local pid=$1
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill "$pid" 2>/dev/null || true
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
}
cleanup() {
  stop "$app_pid"
  stop "$xvfb_pid"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A display of our own when none is given: Xvfb picks a free number itself and writes it once it
# accepts connections, so two runs side by side never race for one display.
if [ -z "${DISPLAY:-}" ]; then
  command -v Xvfb >/dev/null || { echo "interaction.sh: no DISPLAY and no Xvfb (apt-get install xvfb)" >&2; exit 1; }
  Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
  xvfb_pid=$!
  for _ in $(seq 100); do
    [ -s "$work/display" ] && break
    kill -0 "$xvfb_pid" 2>/dev/null || break
    sleep 0.05
  done
  [ -s "$work/display" ] || { echo "interaction.sh: Xvfb did not start:" >&2; tail -n 5 "$work/xvfb.log" >&2; exit 1; }
  export DISPLAY=":$(head -n 1 "$work/display")"
fi

"$@" >"$work/app.log" 2>&1 &
app_pid=$!
tries=1

if [ -n "$name" ]; then
  search=(search --onlyvisible --name "^$name\$")
else
  search=(search --onlyvisible --pid "$app_pid")
fi
# Polled rather than `search --sync`, so a program that dies at start fails the run at once.
window=""
for _ in $(seq 300); do
  window=$(xdotool "${search[@]}" 2>/dev/null | head -n 1) || true
  [ -n "$window" ] && break
  if ! kill -0 "$app_pid" 2>/dev/null; then
    # Xvfb refuses about 2 % of connections made while another client connects: try again.
    [ "$tries" -lt 3 ] && grep -q "no display" "$work/app.log" || break
    tries=$((tries + 1))
    "$@" >"$work/app.log" 2>&1 &
    app_pid=$!
  fi
  sleep 0.1
done
if [ -z "$window" ]; then
  echo "interaction.sh: no window from '$*' (it exited, or showed none within 30 s); its output:" >&2
  tail -n 20 "$work/app.log" >&2
  exit 1
fi
timeout 5 xdotool windowfocus --sync "$window" 2>/dev/null || xdotool windowfocus "$window"
eval "$(xdotool getwindowgeometry --shell "$window")"
w=$WIDTH
h=$HEIGHT

# The process and its live children: one value even if the program forks a helper.
tree() {
  local pid=$1 child
  echo "$pid"
  for child in $(cat /proc/"$pid"/task/*/children 2>/dev/null); do tree "$child"; done
}
ticks() {
  local total=0 pid fields
  [ -n "$1" ] || { echo 0; return; }
  for pid in $(tree "$1"); do
    # Fields after the ")" that closes the command name; utime and stime are the 12th and 13th.
    fields=$(sed 's/.*) //' /proc/"$pid"/stat 2>/dev/null) || continue
    total=$((total + $(echo "$fields" | awk '{ print $12 + $13 }')))
  done
  echo "$total"
}
now() { date +%s.%N; }

shot() {
  [ -n "$shots" ] || return 0
  mkdir -p "$shots"
  import -window root "$shots/$1.png"
}

# One press, a straight move in `steps` equal steps `pause` seconds apart, and a release at once
# (a pause before it would zero the fling). Coordinates are fractions of the window, so any window
# size gets the same gesture.
drag() {
  local fx=$1 fy0=$2 fy1=$3 steps=$4 pause=$5
  local x y0 y1 i y
  x=$(awk -v f="$fx" -v w="$w" 'BEGIN { printf "%d", f * w }')
  y0=$(awk -v f="$fy0" -v h="$h" 'BEGIN { printf "%d", f * h }')
  y1=$(awk -v f="$fy1" -v h="$h" 'BEGIN { printf "%d", f * h }')
  local args=(mousemove --window "$window" "$x" "$y0" sleep 0.05 mousedown 1)
  for i in $(seq 1 "$steps"); do
    y=$((y0 + (y1 - y0) * i / steps))
    args+=(sleep "$pause" mousemove --window "$window" "$x" "$y")
  done
  xdotool "${args[@]}" mouseup 1
}

sleep "$settle"
shot before
start_ticks=$(ticks "$app_pid")
start_server=$(ticks "$xvfb_pid")
start=$(now)

if [ -n "$idle" ]; then
  sleep "$idle"
else
  # Two flings toward the end: 50 % of the height in 100 ms, the second while the list still moves.
  drag 0.5 0.80 0.30 10 0.01
  sleep 0.5
  drag 0.5 0.80 0.30 10 0.01
  sleep 2
  shot flung-up
  # Two flings back toward the top, longer and faster so that both lists end at row 0 whatever
  # their deceleration: a fling that reaches the top just bounces there.
  drag 0.5 0.15 0.85 10 0.008
  sleep 0.5
  drag 0.5 0.15 0.85 10 0.008
  sleep 2.5
  shot flung-down
  # A slow pull of 250 px from the top, held 0.2 s past the threshold, then let go: a refresh.
  x=$(awk -v w="$w" 'BEGIN { printf "%d", w / 2 }')
  y0=$(awk -v h="$h" 'BEGIN { printf "%d", h * 0.2 }')
  xdotool mousemove --window "$window" "$x" "$y0" sleep 0.05 mousedown 1
  args=()
  for i in $(seq 1 25); do args+=(sleep 0.02 mousemove --window "$window" "$x" $((y0 + 10 * i))); done
  xdotool "${args[@]}"
  sleep 0.2
  shot pulled
  xdotool mouseup 1
  sleep 0.3
  shot refreshing
  # Long enough for a 1 s refresh, the bar's collapse, and any bounce to come to rest.
  sleep 3
fi

end=$(now)
end_ticks=$(ticks "$app_pid")
end_server=$(ticks "$xvfb_pid")
shot after
if ! kill -0 "$app_pid" 2>/dev/null; then
  echo "interaction.sh: the program exited during the run; its output:" >&2
  tail -n 20 "$work/app.log" >&2
  exit 1
fi

hz=$(getconf CLK_TCK)
# The X server's share is shown apart (only when it is ours): a program that hands its drawing to
# the server would otherwise look cheaper than it is.
awk -v t="$((end_ticks - start_ticks))" -v s="$((end_server - start_server))" -v own="$xvfb_pid" \
  -v hz="$hz" -v a="$start" -v b="$end" 'BEGIN {
  cpu = t / hz; wall = b - a
  printf "cpu_seconds=%.2f wall_seconds=%.2f cpu_percent=%.1f", cpu, wall, 100 * cpu / wall
  if (own != "") printf " xvfb_cpu_seconds=%.2f", s / hz
  printf "\n"
}'
