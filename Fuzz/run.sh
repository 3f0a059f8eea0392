#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ with AddressSanitizer and runs each for SECONDS.
#
#   Fuzz/run.sh [--merge] [--debug] SECONDS [script|tuning|options|header ...]
#
# --debug builds them unoptimised (in .build-fuzz-debug), with the same instrumentation, and
# calls an input a hang only past 60 s: the short run of `make test`, where they share the cores
# with the build and the tests and run a few dozen inputs a second whatever their build, so the
# build's cost is what counts (120 against 158 s of CPU). Starved there, an unoptimised
# `fuzz-options` once took over 10 s on one input of its corpus. `make fuzz` runs the optimised
# build with the 10 s bound.
#
# Each target starts from its committed seeds (Fuzz/Corpus/NAME) and the inputs earlier runs
# found (.build-fuzz/corpus/NAME), so runs add up. A crash, a hang (10 s on one input) or a leak
# stops the run with libFuzzer's report and the input saved under .build-fuzz/artifacts/; the
# script then exits 1. --merge afterwards copies into Fuzz/Corpus the found inputs that reach
# code the seeds do not, for committing. Skips with a message when the toolchain has no libFuzzer.
set -euo pipefail
cd "$(dirname "$0")/.."

merge=0
if [ "${1:-}" = "--merge" ]; then merge=1; shift; fi
configuration=release
scratch=.build-fuzz
hang=10
if [ "${1:-}" = "--debug" ]; then configuration=debug scratch=.build-fuzz-debug hang=60; shift; fi
seconds=${1:?"usage: Fuzz/run.sh [--merge] [--debug] SECONDS [script|tuning|options|header ...]"}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(script tuning options header)

swift=${SWIFT:-swift}
resources=$($swift -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
runtime="$resources/clang/lib/linux/libclang_rt.fuzzer_no_main-$(uname -m).a"
if [ ! -f "$runtime" ]; then
  echo "fuzz: skipped: this toolchain has no libFuzzer ($runtime is missing)"
  exit 0
fi

# The driver comes from libFuzzer without its main (the target has one); coverage feeds it.
build=(env REFRESHLAB_FUZZ=1 "$swift" build -c "$configuration" --scratch-path "$scratch"
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
  -Xlinker "$runtime" -Xlinker -lstdc++)
bin=$("${build[@]}" --show-bin-path)
mkdir -p .build-fuzz/artifacts .build-fuzz/logs

# Every target is built first (the first build compiles the package; the rest only link), then
# they run as many at a time as there are cores: each libFuzzer process is single-threaded, so
# one at a time left a core idle for the whole run (the tail of `make test`).
for target in "${targets[@]}"; do
  "${build[@]}" --product "fuzz-$target" 2>&1 | grep -v "Cannot export local symbol '__asan_extra_spill_area'" | tail -1
done

# Runs one target for SECONDS and prints one line of its outcome; exits 1 on a finding.
fuzz_one() {
  local target=$1
  mkdir -p ".build-fuzz/corpus/$target"
  local dictionary=()
  [ -f "Fuzz/$target.dict" ] && dictionary=("-dict=Fuzz/$target.dict")
  local log=".build-fuzz/logs/$target.log"
  if "$bin/fuzz-$target" -max_total_time="$seconds" -timeout="$hang" -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix=".build-fuzz/artifacts/$target-" "${dictionary[@]}" \
    ".build-fuzz/corpus/$target" "Fuzz/Corpus/$target" >"$log" 2>&1; then
    local summary runs rate
    summary=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "fuzz-$target: ${seconds}s, $runs inputs ($rate/s), no crash, hang or leak: $summary"
    if [ "$merge" = 1 ]; then
      "$bin/fuzz-$target" -merge=1 "Fuzz/Corpus/$target" ".build-fuzz/corpus/$target" \
        >>"$log" 2>&1
      echo "fuzz-$target: Fuzz/Corpus/$target now holds $(ls "Fuzz/Corpus/$target" | wc -l) inputs"
    fi
  else
    echo "fuzz-$target: FAILED; libFuzzer's report ($log):"
    grep -E 'ERROR|SUMMARY|Test unit written|Fatal error|panic' "$log" | head -20
    return 1
  fi
}

cores=$(nproc)
status=0
outputs=$(mktemp -d)
trap 'rm -rf "$outputs"' EXIT
index=0
while [ "$index" -lt ${#targets[@]} ]; do
  pids=()
  batch=("${targets[@]:index:cores}")
  for target in "${batch[@]}"; do
    fuzz_one "$target" >"$outputs/$target" 2>&1 &
    pids+=($!)
  done
  for position in "${!batch[@]}"; do
    wait "${pids[$position]}" || status=1
    cat "$outputs/${batch[$position]}"
  done
  index=$((index + cores))
done
exit $status
