#!/usr/bin/env bash
# Issue 3's rows benchmark: the same 10-second fling replay (fling-10s.jsonl: four flings toward
# the end and four back, twice, at 800x600) drawn headless over 100 rows and over 1,000,000 rows.
# A frame must cost about the same either way (ratio at most 1.1, issue 26's bar; issue 3 asked
# 1.2), and the text cache must hold
# no more textures than the visible rows plus a small constant.
#
#   benchmarks/rows.sh [--runs N] [--no-callgrind] [REFRESH_LAB_BINARY]
#
# The binary defaults to the release build (`swift build -c release --product refresh-lab`).
# Prints, for each row count, the median over N runs (default 5) of CPU milliseconds per frame
# (the app's `--stats`: process CPU from the first frame on, over the frames drawn), and, when
# valgrind is installed, callgrind's instructions per frame: the replay's instructions minus
# those of a run that draws one frame, over the frames between. Instruction counts do not move
# when other programs load the machine; milliseconds do. Exits 1 when a bar is missed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
runs=5
callgrind=1
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --no-callgrind) callgrind=0; shift ;;
    -*) echo "rows.sh: unknown option $1" >&2; exit 2 ;;
    *) binary="$1"; shift ;;
  esac
done
if [ -z "$binary" ]; then
  binary="$(cd "$here/.." && swift build -c release --show-bin-path)/refresh-lab"
fi
[ -x "$binary" ] || { echo "rows.sh: no $binary (swift build -c release --product refresh-lab)" >&2; exit 1; }
if [ "$callgrind" = 1 ] && ! command -v valgrind >/dev/null; then
  echo "rows.sh: valgrind is missing, instruction counts skipped (apt-get install valgrind)" >&2
  callgrind=0
fi

script="$here/fling-10s.jsonl"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One frame and out: what start-up and shut-down cost, taken off the replay's instructions.
echo '{"t":0,"type":"end"}' >"$work/empty.jsonl"

# The value of `key=` in a --stats line.
field() { echo "$2" | sed "s/.*$1=\([^ ]*\).*/\1/"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

lab() {
  local rows=$1 replay=$2
  shift 2
  "$@" "$binary" --headless --size 800x600 --replay "$replay" \
    --rows "$rows" --page-size "$rows" --total "$rows" --stats
}

# Instructions of one run, from valgrind's summary on standard error.
instructions() {
  lab "$@" valgrind --tool=callgrind --callgrind-out-file=/dev/null 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

declare -A ms frames textures visible per_frame
for rows in 100 1000000; do
  values=()
  for i in $(seq 1 "$runs"); do
    line=$(lab "$rows" "$script")
    echo "rows=$rows run $i: $line" >&2
    values+=("$(field cpu_ms_per_frame "$line")")
  done
  ms[$rows]=$(printf '%s\n' "${values[@]}" | median)
  frames[$rows]=$(field frames "$line")
  textures[$rows]=$(field max_cached_textures "$line")
  visible[$rows]=$(field max_visible_rows "$line")
  if [ "$callgrind" = 1 ]; then
    full=$(instructions "$rows" "$script")
    empty=$(instructions "$rows" "$work/empty.jsonl")
    per_frame[$rows]=$(( (full - empty) / (frames[$rows] - 1) ))
  fi
  echo "rows=$rows: frames=${frames[$rows]} cpu_ms_per_frame=${ms[$rows]}" \
    "${per_frame[$rows]:+instructions_per_frame=${per_frame[$rows]} }max_cached_textures=${textures[$rows]}" \
    "max_visible_rows=${visible[$rows]}"
done

# Textures beyond the visible rows: the cache's slack, the bar labels and a row half in view.
constant=12
awk -v a="${ms[100]}" -v b="${ms[1000000]}" -v ia="${per_frame[100]:-0}" -v ib="${per_frame[1000000]:-0}" \
  -v t="${textures[1000000]}" -v t1="${textures[100]}" -v v="${visible[1000000]}" -v v1="${visible[100]}" \
  -v c="$constant" 'BEGIN {
  ratio = b / a
  printf "ratio 1,000,000 / 100 rows: cpu %.2f", ratio
  ok = ratio <= 1.1
  if (ia > 0) { iratio = ib / ia; printf ", instructions %.2f", iratio; ok = ok && iratio <= 1.1 }
  printf " (at most 1.10: %s)\n", ok ? "met" : "MISSED"
  tok = t <= v + c && t1 <= v1 + c
  printf "cached textures at most visible rows + %d: %d <= %d + %d, %d <= %d + %d (%s)\n", c, t1, v1, c, t, v, c, tok ? "met" : "MISSED"
  exit (ok && tok) ? 0 : 1
}'
