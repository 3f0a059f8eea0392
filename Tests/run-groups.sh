#!/usr/bin/env bash
# Runs every test of the built test binary as five processes at once (`make test`), then checks
# that together they ran every test the binary lists.
#
#   Tests/run-groups.sh [main|quiet]   (after `swift build --build-tests`; SWIFT names the toolchain's swift)
#   Tests/run-groups.sh quiet-pattern  (prints the quiet group's pattern: `make test-sanitize` runs
#                                       those tests alone too, after the rest)
#
# With no argument it runs the four groups, then the quiet one. `make test` runs `main` beside
# the docs, the outside package and the fuzz runs, then `quiet` once those are done too (the
# quiet group's Lottie budget ran out while the fuzz targets built beside it); `main` leaves its
# count in the build folder for `quiet` to check the whole against the listed tests.
#
# Why several: Swift Testing runs a process's tests on a pool of one thread per core (two here) and
# its @MainActor tests on the one main thread. The end-to-end tests block a pool thread each while
# a program runs under Xvfb, weston or Chromium, so in one process two of them at a time left the
# cores idle, and the in-process replays and pixel tests queued behind one main thread. Each
# process has its own pool and main thread: the window tests (in two processes: they mostly wait
# on a display's frames, and in one they were the whole suite's longest part on a fresh clone,
# 194 s against 168 for the next), the tests that run other programs, the lab's in-process tests,
# and the core's, the list model's and RefreshSDL's. Every test runs in exactly one group: the
# last two are what the first three leave.
#
# Some window tests measure real time (a drag's release speed, a window's pace while a file is
# refused): the two in-process groups, which keep the cores busy, run at a lower priority
# (nice 15) so that the programs under test get the CPU when they need it, and fill the time
# they spend waiting.
#
# A few tests hold a program to the wall clock where the cores' load decides the result: a real
# xdotool drag's release speed, the Lottie headers' five-second render budget (their render
# thread runs at nice 19, so beside four busy processes a good file ran out of time), and a
# photo decoded while the window sleeps shown within 0.8 s (beside the fuzz build its decode
# took 0.97 s once), and `filter-list`'s real fling, whose host stamps each event when its loop
# reads it (a CI run beside a sanitizer build loaded no page: the fling fell short of the end).
# They run last, alone, as a fifth group (`quiet`), once the others are done.
set -uo pipefail
cd "$(dirname "$0")/.."

window='RefreshLabTests\.(EndToEndTests|WaylandEndToEndTests|ServerScrollEndToEndTests|ViewsEndToEndTests|ImageWakeEndToEndTests)/'
screens='RefreshLabTests\.(AccessibilityEndToEndTests|RedrawMatrixEndToEndTests|FitCaptureTests)/'
programs='RefreshLabTests\.(BadInputTests|DesktopMotionEndToEndTests|FaultTests|HeaderCorpusTests|HangingHeaderWindowTests|HeadlessRunTests|SettingsEndToEndTests|SettingsTests|StudioDockEndToEndTests|TuningFileTests|WebExportTests|WebInputTests|WebReportTests|ServeTests)/'
quiet='RefreshLabTests\.(HeaderCorpusTests|HangingHeaderWindowTests|ImageWakeEndToEndTests|EndToEndTests/(aSlowRealDragReleasesAtItsOwnSpeed|aHostWithItsOwnLoopFiltersRefreshesAndLoadsMore))'
names=(window screens programs lab libraries)
arguments=(
  "--filter $window --skip $quiet"
  "--filter $screens --skip $quiet"
  "--filter $programs --skip $quiet"
  "--filter RefreshLabTests\\. --skip $window --skip $screens --skip $programs --skip $quiet"
  "--skip RefreshLabTests\\."
)
niceness=(0 0 0 15 15)

mode=${1:-all}
case $mode in all | main | quiet) ;; quiet-pattern) echo "$quiet"; exit 0 ;;
  *) echo "run-groups: unknown mode $mode (all, main, quiet or quiet-pattern)" >&2; exit 2 ;; esac

swift=${SWIFT:-swift}
binary="$($swift build --show-bin-path)/RefreshLabPackageTests.xctest"
[ -x "$binary" ] || { echo "run-groups: $binary is missing: run \`swift build --build-tests\` first" >&2; exit 1; }

counted="$($swift build --show-bin-path)/run-groups-main.count"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
status=0
ran=0
if [ "$mode" != quiet ]; then
pids=()
for index in "${!names[@]}"; do
  # The arguments hold no spaces inside a pattern: split on spaces on purpose.
  # shellcheck disable=SC2086
  nice -n "${niceness[$index]}" "$binary" --testing-library swift-testing ${arguments[$index]} \
    >"$logs/${names[$index]}.log" 2>&1 &
  pids+=($!)
done

for index in "${!names[@]}"; do
  name=${names[$index]}
  wait "${pids[$index]}" || status=1
  echo "=== test group $name"
  cat "$logs/$name.log"
  count=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*/\1/p' "$logs/$name.log" | tail -1)
  [ -n "$count" ] || { echo "run-groups: group $name printed no test count (did it crash?)"; status=1; }
  ran=$((ran + ${count:-0}))
done

echo "$ran" >"$counted"
fi
[ "$mode" = main ] && exit $status
if [ "$mode" = quiet ]; then
  [ -f "$counted" ] || { echo "run-groups: no count from the main groups: run \`Tests/run-groups.sh main\` first" >&2; exit 1; }
  ran=$(cat "$counted")
fi

# The quiet group, alone.
"$binary" --testing-library swift-testing --filter "$quiet" >"$logs/quiet.log" 2>&1 || status=1
echo "=== test group quiet"
cat "$logs/quiet.log"
count=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*/\1/p' "$logs/quiet.log" | tail -1)
[ -n "$count" ] || { echo "run-groups: group quiet printed no test count (did it crash?)"; status=1; }
ran=$((ran + ${count:-0}))

listed=$("$binary" --testing-library swift-testing --list-tests 2>/dev/null | grep -c /)
echo "run-groups: $ran tests run in $((${#names[@]} + 1)) groups, $listed listed"
if [ "$ran" -ne "$listed" ]; then
  echo "run-groups: the groups ran $ran tests but the binary lists $listed: fix the patterns above"
  status=1
fi
exit $status
