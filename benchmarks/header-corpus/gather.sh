#!/usr/bin/env bash
# Gathers an animated-header corpus from clones of public repositories: every .gif, and every
# .json that is a Lottie animation (an object with "layers", "fr" and "w"), at most 4 MB, into
# OUT/gif and OUT/lottie, named after the repository and the path, with OUT/SOURCES.txt.
#
#   benchmarks/header-corpus/gather.sh OUT CLONE...
#
# The run in docs/header-corpus.md gathered rlottie, lottie-android, lottie-web, Pillow,
# image-rs/image, image-rs/image-gif and SmartRefreshLayout (their commits in that file).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: gather.sh OUT CLONE..." >&2; exit 2; }
out=$1; shift
mkdir -p "$out/gif" "$out/lottie"
for clone in "$@"; do
  # owner/name from the clone's remote (github.com/owner/name(.git)), else the folder's name.
  remote=$(git -C "$clone" remote get-url origin 2>/dev/null || true)
  repo=$(echo "$remote" | sed -n 's#.*[:/]\([^/:]*/[^/]*\)$#\1#p' | sed 's/\.git$//')
  [ -n "$repo" ] || repo=$(basename "$(cd "$clone" && pwd)")
  owner=${repo%%/*}
  commit=$(git -C "$clone" rev-parse --short=12 HEAD)
  git -C "$clone" ls-tree -r -z HEAD | while IFS= read -r -d '' entry; do
    sha=$(echo "$entry" | cut -d' ' -f3 | cut -f1)
    path=${entry#*$'\t'}
    case "${path,,}" in *.gif) kind=gif ;; *.json) kind=lottie ;; *) continue ;; esac
    size=$(git -C "$clone" cat-file -s "$sha" 2>/dev/null) || continue
    [ "$size" -gt 0 ] && [ "$size" -le 4194304 ] || continue
    name="${owner}__$(echo "$path" | tr '/ ' '__')"
    git -C "$clone" cat-file blob "$sha" > "$out/$kind/$name"
    if [ $kind = lottie ] && ! python3 -c 'import json,sys; d=json.load(open(sys.argv[1],"rb")); sys.exit(0 if isinstance(d,dict) and all(k in d for k in ("layers","fr","w")) else 1)' "$out/$kind/$name" 2>/dev/null; then
      rm -f "$out/$kind/$name"; continue
    fi
    echo "$kind/$name $repo@$commit $path" >> "$out/SOURCES.txt"
  done
done
echo "$(ls "$out/gif" | wc -l) GIFs, $(ls "$out/lottie" | wc -l) Lottie files in $out"
