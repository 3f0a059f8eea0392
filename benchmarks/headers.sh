#!/usr/bin/env bash
# The animated headers' cost in the window: the CPU refresh-lab spends on benchmarks/
# interaction.sh's real xdotool gesture (flings, then a pull to refresh held and released) with
# the classic header, the lab's Lottie header and its GIF header, runs alternated, medians shown.
#
#   benchmarks/headers.sh [--runs N] APP [ARGS...]
#
# Prints one line per header (median CPU seconds of the runs and % of a core) and the ratios to
# the classic header. APP must be the program itself (see interaction.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
runs=5
if [ "${1:-}" = "--runs" ]; then runs=$2; shift 2; fi
[ $# -gt 0 ] || { echo "usage: headers.sh [--runs N] APP [ARGS...]" >&2; exit 2; }
app=("$@")
assets="$here/../Assets/Headers"
declare -A cpu
kinds=(classic lottie gif)
for run in $(seq 1 "$runs"); do
  for kind in "${kinds[@]}"; do
    case "$kind" in
      classic) extra=() ;;
      lottie) extra=(--header "$assets/pull.json") ;;
      gif) extra=(--header "$assets/pull.gif") ;;
    esac
    line=$("$here/interaction.sh" --name RefreshLab -- "${app[@]}" "${extra[@]}")
    value=$(echo "$line" | sed -n 's/^cpu_seconds=\([0-9.]*\).*/\1/p')
    echo "run $run $kind: $line" >&2
    cpu[$kind]="${cpu[$kind]:-} $value"
  done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
classic=$(echo "${cpu[classic]}" | median)
for kind in "${kinds[@]}"; do
  value=$(echo "${cpu[$kind]}" | median)
  awk -v k="$kind" -v v="$value" -v c="$classic" -v n="$runs" \
    'BEGIN { printf "%s: median cpu_seconds=%.3f over %d runs, ratio to classic %.2f\n", k, v, n, v / c }'
done
