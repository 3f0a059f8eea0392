#!/usr/bin/env bash
# The functions refresh-lab runs from its start to an idle window, one mangled name a line, for
# the installed build's linker (lld's --symbol-ordering-file; see INSTALLED_BUILD in the
# Makefile): laid out together, the pages of code an idle window keeps resident are the pages
# it runs, not every page that shares 64 KB with one of them (the kernel maps a file's cached
# pages around each fault). Names the linker no longer finds are skipped, so a stale list only
# costs memory; `make idle-order` writes it again.
#
#   benchmarks/idle-order.sh OUTPUT -- REFRESHLAB_COMMAND...
#
# Runs the command under callgrind on a private Xvfb until its window shows, lets it idle
# SETTLE seconds (3 unless given), dumps callgrind's counts and keeps every function of the
# program's own file that ran, sorted by name.
set -euo pipefail

settle=${SETTLE:-3}
[ $# -ge 3 ] && [ "$2" = -- ] || { echo "usage: idle-order.sh OUTPUT -- REFRESHLAB_COMMAND..." >&2; exit 2; }
output=$1
shift 2
for tool in valgrind callgrind_control Xvfb xdotool python3; do
  command -v "$tool" >/dev/null || { echo "idle-order.sh: $tool is missing (apt-get install valgrind xvfb xdotool)" >&2; exit 1; }
done
program=$(readlink -f "$(command -v "$1")")

work=$(mktemp -d)
xvfb_pid=""
app_pid=""
cleanup() {
  for pid in $app_pid $xvfb_pid; do kill -9 "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

Xvfb -displayfd 3 -screen 0 1024x768x24 -br -nolisten tcp 3>"$work/display" 2>/dev/null &
xvfb_pid=$!
disown "$xvfb_pid"
for _ in $(seq 1 100); do [ -s "$work/display" ] && break; sleep 0.05; done
[ -s "$work/display" ] || { echo "idle-order.sh: Xvfb gave no display in 5 s" >&2; exit 1; }
export DISPLAY=":$(head -1 "$work/display")"
export SDL_AUDIODRIVER=dummy

valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/callgrind.%p" "$@" \
  >/dev/null 2>"$work/valgrind.err" &
app_pid=$!
# Under callgrind the window takes some seconds to show: up to 120.
for _ in $(seq 1 1200); do
  xdotool search --onlyvisible --name RefreshLab >/dev/null 2>&1 && break
  kill -0 "$app_pid" 2>/dev/null || { echo "idle-order.sh: the program exited: $(tail -n 1 "$work/valgrind.err")" >&2; exit 1; }
  sleep 0.1
done
xdotool search --onlyvisible --name RefreshLab >/dev/null 2>&1 ||
  { echo "idle-order.sh: no RefreshLab window within 120 s under callgrind" >&2; exit 1; }
sleep "$settle"
callgrind_control --dump "$app_pid" >/dev/null 2>&1 ||
  { echo "idle-order.sh: callgrind_control could not dump pid $app_pid's counts" >&2; exit 1; }
kill "$app_pid"
wait "$app_pid" 2>/dev/null || true
app_pid=""

python3 - "$program" "$work"/callgrind.* >"$work/order" <<'PY'
import re, sys

# callgrind names an object or function in full the first time and by "(id)" after, per file.
program, names = sys.argv[1], set()
for path in sys.argv[2:]:
    objects, functions, current = {}, {}, None
    for line in open(path, errors="replace"):
        match = re.match(r"(ob|fn|cob|cfn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not match:
            continue
        kind, key, name = match.groups()
        table = objects if kind in ("ob", "cob") else functions
        if name:
            table[key] = name
        if kind == "ob":
            current = objects.get(key)
        elif kind == "fn" and current == program:
            function = re.sub(r"'\d+$", "", functions.get(key, ""))
            if function and not function.startswith("0x"):
                names.add(function)
for name in sorted(names):
    print(name)
PY
[ -s "$work/order" ] || { echo "idle-order.sh: callgrind saw no function of $program" >&2; exit 1; }
mv "$work/order" "$output"
echo "idle-order.sh: $(wc -l <"$output") functions written to $output"
