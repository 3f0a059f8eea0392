#!/usr/bin/env bash
# Issue 24's rows benchmark: the varied feed (`--rows-style varied`: rows of their own measured
# heights, wrapped text, images) over 100 rows and over 1,000,000 rows, on the same replays.
#
#   benchmarks/feed.sh [--runs N] [REFRESH_LAB_BINARY]
#
# Prints, for each row count, the median over N runs (default 5) of
#   cpu_ms_per_frame  the app's --stats figure on fling-within.jsonl: ten seconds of flings up
#                     and down that stay within the first 5,500 pt, so that both lists draw the
#                     very same frames (checked: their traces' offsets and first rows agree) and
#                     the ratio is the cost of the row count alone (a fling over 100 rows would
#                     stop at their end and leave the million rows more to draw);
#   rss_mb            the most resident memory (GNU time's %M) of a replay that flings, then goes
#                     to the end (End) and back (Home), so rows all the way down are measured;
#   first_frame_ms    wall time of a run that draws one frame and ends;
# and the three ratios of 1,000,000 rows to 100 with their bars: CPU at most 1.1x, memory added
# at most 16 MB, time to first frame at most 1.2x. Exits 1 when a bar is missed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
runs=5
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    -*) echo "feed.sh: unknown option $1" >&2; exit 2 ;;
    *) binary="$1"; shift ;;
  esac
done
if [ -z "$binary" ]; then
  binary="$(cd "$here/.." && swift build -c release --show-bin-path)/refresh-lab"
fi
[ -x "$binary" ] || { echo "feed.sh: no $binary (swift build -c release --product refresh-lab)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "feed.sh: GNU time is missing (apt-get install time)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '{"t":0,"type":"end"}' >"$work/one-frame.jsonl"
{
  sed '/"type":"end"/d' "$here/fling-10s.jsonl"
  echo '{"t":10.5,"type":"key","key":"End"}'
  echo '{"t":13,"type":"key","key":"Home"}'
  echo '{"t":16,"type":"end"}'
} >"$work/to-the-end.jsonl"

field() { echo "$2" | sed "s/.*$1=\([^ ]*\).*/\1/"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# The app over `rows` varied rows replaying `replay`, with further flags after.
lab() {
  local rows=$1 replay=$2
  shift 2
  "$binary" --headless --size 800x600 --rows-style varied --replay "$replay" \
    --rows "$rows" --page-size "$rows" --total "$rows" "$@"
}

# The same frames, or the CPU figures compare different work.
lab 100 "$here/fling-within.jsonl" --trace "$work/100.jsonl" >/dev/null
lab 1000000 "$here/fling-within.jsonl" --trace "$work/1000000.jsonl" >/dev/null
frames() { sed 's/.*"firstRow":\([0-9]*\).*"offset":\([-0-9.e]*\).*/\1 \2/' "$1"; }
if ! cmp -s <(frames "$work/100.jsonl") <(frames "$work/1000000.jsonl"); then
  echo "feed.sh: fling-within.jsonl does not draw the same frames over 100 and 1,000,000 rows" >&2
  exit 1
fi
echo "fling-within.jsonl: the same $(wc -l <"$work/100.jsonl") frames over 100 and 1,000,000 rows"

declare -A cpu rss first
for rows in 100 1000000; do
  c=(); r=(); f=()
  for i in $(seq 1 "$runs"); do
    c+=("$(field cpu_ms_per_frame "$(lab "$rows" "$here/fling-within.jsonl" --stats | tail -1)")")
    kb=$( { /usr/bin/time -f '%M' "$binary" --headless --size 800x600 --rows-style varied \
      --replay "$work/to-the-end.jsonl" --rows "$rows" --page-size "$rows" --total "$rows" \
      >/dev/null; } 2>&1 | tail -1)
    r+=("$(awk -v kb="$kb" 'BEGIN { printf "%.1f", kb / 1024 }')")
    start=$(date +%s.%N)
    lab "$rows" "$work/one-frame.jsonl" >/dev/null
    end=$(date +%s.%N)
    f+=("$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", (e - s) * 1000 }')")
    echo "rows=$rows run $i: cpu_ms_per_frame=${c[-1]} rss_mb=${r[-1]} first_frame_ms=${f[-1]}" >&2
  done
  cpu[$rows]=$(printf '%s\n' "${c[@]}" | median)
  rss[$rows]=$(printf '%s\n' "${r[@]}" | median)
  first[$rows]=$(printf '%s\n' "${f[@]}" | median)
  echo "rows=$rows: cpu_ms_per_frame=${cpu[$rows]} rss_mb=${rss[$rows]} first_frame_ms=${first[$rows]}"
done

awk -v c1="${cpu[100]}" -v c2="${cpu[1000000]}" -v r1="${rss[100]}" -v r2="${rss[1000000]}" \
  -v f1="${first[100]}" -v f2="${first[1000000]}" 'BEGIN {
  cpu = c2 / c1; added = r2 - r1; ttff = f2 / f1
  ok = (cpu <= 1.1) && (added <= 16) && (ttff <= 1.2)
  printf "1,000,000 rows against 100: cpu %.2fx (at most 1.10: %s), memory added %.1f MB (at most 16: %s), first frame %.2fx (at most 1.20: %s)\n",
    cpu, cpu <= 1.1 ? "met" : "MISSED", added, added <= 16 ? "met" : "MISSED", ttff, ttff <= 1.2 ? "met" : "MISSED"
  exit ok ? 0 : 1
}'
