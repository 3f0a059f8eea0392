#!/usr/bin/env bash
# The animated headers on real files: every GIF and Lottie file of a corpus (gathered with
# header-corpus/gather.sh; CI has no network, so `make header-corpus CORPUS=DIR` runs it by
# hand) loaded as the header loads it, each in its own process under a time limit, its frames
# at five pull points compared with the reference: ImageMagick's `-coalesce` frames for a GIF,
# rlottie's own render of the same frame at the same size for a Lottie. A file is valid when
# the reference reads it (ImageMagick decodes it; rlottie renders those frames within 20 s).
#
#   benchmarks/header-corpus.sh CORPUS CHECKER OUT.md
#
# CHECKER is the built `header-corpus`; OUT.md gets the table. Crashes (a signal) and hangs
# (the 60 s limit) are counted apart from refusals.
set -uo pipefail
[ $# -eq 3 ] || { echo "usage: header-corpus.sh CORPUS CHECKER OUT.md" >&2; exit 2; }
corpus=$1; checker=$2; report=$3
here="$(cd "$(dirname "$0")" && pwd)"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/lottie-reference" "$here/header-corpus/lottie-reference.c" -lrlottie
results="$work/results.jsonl"

check_one() {
  local file=$1 work=$2 checker=$3 ref line status
  local name; name=$(printf '%s' "$file" | sed 's/\\/\\\\/g; s/"/\\"/g')
  local valid=true
  ref="$work/$(basename "$file").raw"
  case "$file" in
    *.gif|*.GIF)
      timeout 60 convert "$file" -coalesce -depth 8 "rgba:$ref" 2>/dev/null || valid=false ;;
    *)
      local plan
      plan=$(timeout 30 "$checker" plan "$file")
      # Refused before rendering (the line says why): valid if rlottie itself renders it.
      [ -n "$plan" ] && [ "${plan:0:1}" != "{" ] || plan="16 16 0"
      # shellcheck disable=SC2086
      timeout 20 "$work/lottie-reference" "$file" $plan > "$ref" 2>/dev/null || valid=false ;;
  esac
  line=$(timeout 60 "$checker" check "$file" "$ref" 2>/dev/null); status=$?
  rm -f "$ref"
  if [ $status -eq 124 ]; then echo "{\"file\":\"$name\",\"result\":\"hang\",\"valid\":$valid}"
  elif [ $status -ne 0 ]; then echo "{\"file\":\"$name\",\"result\":\"crash\",\"status\":$status,\"valid\":$valid}"
  elif [ $valid = false ]; then echo "${line%\}},\"valid\":false}"
  else echo "$line"; fi
}
export -f check_one
mkdir "$work/out"
# Each file's line goes to a file of its own: parallel writers to one file would interleave.
find "$corpus/gif" "$corpus/lottie" -type f -print0 | sort -z \
  | xargs -0 -P "$(nproc)" -I{} bash -c \
    'check_one "$1" "$2" "$3" > "$2/out/$(basename "$1").json"' _ {} "$work" "$checker"
cat "$work"/out/*.json > "$results"
[ -z "${HEADER_CORPUS_RESULTS:-}" ] || cp "$results" "$HEADER_CORPUS_RESULTS"
python3 "$here/header-corpus/summary.py" "$results" "$corpus" > "$report"
sed -n 1,45p "$report"
