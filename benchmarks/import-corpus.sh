#!/bin/sh
# Issue 22's larger set: every layout of SmartRefreshLayout's demo app that mentions a
# SmartRefreshLayout, imported by the real program with the app's res/ folder, into
# docs/import-corpus.md. Needs the network once (a clone into .build-corpus); the tests use the
# committed subset in Tests/Fixtures/SmartRefreshLayout.
# usage: benchmarks/import-corpus.sh path/to/refresh-lab
# CORPUS_SOURCE names another place to clone from (a local mirror of the repository).
set -eu
app=$1
here=$(cd "$(dirname "$0")/.." && pwd)
repo=$here/.build-corpus/SmartRefreshLayout
commit=224db48f
if [ ! -d "$repo" ]; then
  mkdir -p "$here/.build-corpus"
  git clone -q --bare "${CORPUS_SOURCE:-https://github.com/scwang90/SmartRefreshLayout}" "$repo"
fi
out=$here/docs/import-corpus.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The app's res/ folder as of the commit: its layouts and its values*/ files.
res=$tmp/res
for file in $(git -C "$repo" ls-tree -r --name-only "$commit" -- app/src/main/res \
  | grep -E '^app/src/main/res/(layout|values[^/]*)/[^/]+\.xml$'); do
  mkdir -p "$res/$(basename "$(dirname "$file")")"
  git -C "$repo" show "$commit:$file" > "$res/$(basename "$(dirname "$file")")/$(basename "$file")"
done
imported=0; refused=0; notes=0; total=0
rows=""
for file in "$res"/layout/*.xml; do
  grep -q "SmartRefreshLayout" "$file" || continue
  total=$((total + 1))
  name=$(basename "$file")
  if (cd "$res/layout" && "$app" import --format smart "$name" --resources ../) \
    > "$tmp/t.json" 2> "$tmp/e.txt"; then
    imported=$((imported + 1))
    n=$(wc -l < "$tmp/e.txt" | tr -d ' ')
    notes=$((notes + n))
    values=$(python3 -c "import json,sys; t=json.load(open(sys.argv[1])); print(', '.join(f'{k} {t[k]}' for k in ['headerHeight','refreshThreshold','dragRate','maxDragRate','reboundDuration','finishingHoldDuration','footerMode','headerStyle','twoLevelFloorRate']))" "$tmp/t.json")
    rows="$rows| \`$name\` | imported, $n notes | $values |
"
  else
    refused=$((refused + 1))
    why=$(sed 's/^refresh-lab: //' "$tmp/e.txt" | tr '|' '/')
    rows="$rows| \`$name\` | refused | $why |
"
  fi
done
{
  echo "# Importing SmartRefreshLayout's demo layouts"
  echo
  echo "\`make import-corpus\` (benchmarks/import-corpus.sh): every layout of scwang90/SmartRefreshLayout's"
  echo "demo app (commit \`$commit\`) that mentions a SmartRefreshLayout, imported by \`refresh-lab import"
  echo "--format smart FILE --resources res/\`. $total files: $imported imported ($notes notes on what a tuning"
  echo "cannot hold), $refused refused."
  echo
  echo "| layout | result | tuning (or why) |"
  echo "|---|---|---|"
  printf "%s" "$rows"
} > "$out"
echo "import-corpus: $total layouts, $imported imported, $refused refused, $notes notes; wrote $out"
