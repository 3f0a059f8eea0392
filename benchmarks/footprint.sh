#!/usr/bin/env bash
# Memory and start-up of the idle window, RefreshLab against the Qt Quick peer, side by side in
# one run: the two programs take turns on one private Xvfb, RUNS times each.
#
#   benchmarks/footprint.sh [--runs N] [--settle SECONDS] [--bar RATIO] -- REFRESHLAB_COMMAND...
#
# Start-up to first frame: from just before the program is started until its window first shows
# something other than the black of an empty screen (Xvfb -br), read with xwd every few
# milliseconds. Memory: proportional set size (Pss in /proc/PID/smaps_rollup: private pages plus
# a fair share of shared ones) of the idle window SETTLE seconds after its first frame. Prints
# every run and the medians, checks the bars (PSS at most RATIO x the peer's: issue 10's 0.6
# unless given, `make bench-footprint` gives issue 44's 0.30; start-up no slower than the
# peer's) and that RefreshLab maps no Foundation internationalization (ICU) library; exits 1
# when one is missed. Installs the peer like compare.sh when it is missing.
set -euo pipefail

PEER_APT_PACKAGES="qmlscene qml-module-qtquick2 qml-module-qtquick-window2"
HARNESS_APT_PACKAGES="xvfb xdotool x11-apps"

here=$(cd "$(dirname "$0")" && pwd)
runs=5
settle=3
bar=0.6
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --settle) settle="$2"; shift 2 ;;
    --bar) bar="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "footprint.sh: unknown option $1 (put RefreshLab's command after --)" >&2; exit 2 ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: footprint.sh [--runs N] [--settle S] [--bar R] -- REFRESHLAB_COMMAND..." >&2; exit 2; }

missing=""
for p in $PEER_APT_PACKAGES $HARNESS_APT_PACKAGES; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing:$missing"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  else
    echo "footprint.sh: missing packages:$missing (install them with apt-get as root)" >&2
    exit 1
  fi
fi

work=$(mktemp -d)
xvfb_pid=""
app_pid=""
cleanup() {
  for pid in $app_pid $xvfb_pid; do kill -9 "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# A black root (-br), so a window shows nothing but zero bytes until it draws.
Xvfb -displayfd 3 -screen 0 1024x768x24 -br -nolisten tcp 3>"$work/display" 2>/dev/null &
xvfb_pid=$!
disown "$xvfb_pid"
for _ in $(seq 1 100); do [ -s "$work/display" ] && break; sleep 0.05; done
export DISPLAY=":$(head -1 "$work/display")"
export SDL_AUDIODRIVER=dummy

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# Runs one program once; prints "startup_ms pss_kb".
measure() {
  local title=$1
  shift
  local start window="" first=""
  local tries=1
  start=$(now_ms)
  "$@" >/dev/null 2>"$work/app.err" &
  app_pid=$!
  while [ -z "$first" ]; do
    if ! kill -0 "$app_pid" 2>/dev/null; then
      # Xvfb refuses about 2 % of connections made while another client connects: try again.
      if [ "$tries" -lt 3 ] && grep -q "no display" "$work/app.err"; then
        tries=$((tries + 1))
        start=$(now_ms)
        "$@" >/dev/null 2>"$work/app.err" &
        app_pid=$!
        continue
      fi
      echo "footprint.sh: $title exited early: $(tail -n 1 "$work/app.err")" >&2
      exit 1
    fi
    if [ -z "$window" ]; then
      window=$(xdotool search --onlyvisible --name "$title" 2>/dev/null | head -1 || true)
      continue
    fi
    # The window's bottom rows: any byte other than zero means it has drawn a frame.
    if [ "$(xwd -id "$window" -silent 2>/dev/null | tail -c 65536 | tr -d '\000' | head -c 1 | wc -c)" -gt 0 ]; then
      first=$(now_ms)
    fi
  done
  sleep "$settle"
  local pss
  pss=$(awk '/^Pss:/ { print $2 }' "/proc/$app_pid/smaps_rollup")
  if [ "$title" = RefreshLab ] && grep -qE 'libFoundation\.so|lib_FoundationICU|libFoundationInternationalization' "/proc/$app_pid/maps"; then
    echo "footprint.sh: RefreshLab maps Foundation's internationalization libraries" >&2
    exit 1
  fi
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  app_pid=""
  echo "$((first - start)) $pss"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

peer=(env QT_QUICK_BACKEND=software qmlscene "$here/peer/ListView.qml")
: >"$work/peer"
: >"$work/ours"
for i in $(seq 1 "$runs"); do
  line=$(measure QtPeer "${peer[@]}")
  echo "peer run $i: startup_ms=${line% *} pss_kb=${line#* }"
  echo "$line" >>"$work/peer"
  line=$(measure RefreshLab "$@")
  echo "refresh-lab run $i: startup_ms=${line% *} pss_kb=${line#* }"
  echo "$line" >>"$work/ours"
done

peer_start=$(cut -d' ' -f1 "$work/peer" | median)
peer_pss=$(cut -d' ' -f2 "$work/peer" | median)
ours_start=$(cut -d' ' -f1 "$work/ours" | median)
ours_pss=$(cut -d' ' -f2 "$work/ours" | median)
echo "peer (Qt Quick ListView, software): start-up to first frame ${peer_start} ms, idle PSS ${peer_pss} kB"
echo "refresh-lab: start-up to first frame ${ours_start} ms, idle PSS ${ours_pss} kB"
awk -v os="$ours_start" -v ps="$peer_start" -v om="$ours_pss" -v pm="$peer_pss" -v bar="$bar" 'BEGIN {
  ratio = om / pm
  pss_ok = ratio <= bar; start_ok = os <= ps
  printf "PSS ratio refresh-lab / peer = %.2f (at most %.2f: %s); start-up %d ms against %d ms (no slower: %s)\n",
    ratio, bar, pss_ok ? "met" : "MISSED", os, ps, start_ok ? "met" : "MISSED"
  exit (pss_ok && start_ok) ? 0 : 1
}'
