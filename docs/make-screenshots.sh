#!/usr/bin/env bash
# Regenerates README's screenshots from the gesture scripts beside this file, headless and in
# simulated time, so they come out the same on every machine: docs/make-screenshots.sh [APP]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
app="${1:-$(cd "$here/.." && swift build --show-bin-path)/refresh-lab}"
for lang in en zh; do
  "$app" --headless --lang "$lang" --latency 1 --replay "$here/scripts/pull.jsonl" \
    --screenshot "0.2:$here/$lang-pulling.png" --screenshot "0.6:$here/$lang-armed.png" \
    --screenshot "1.3:$here/$lang-refreshing.png" --screenshot "2.0:$here/$lang-finished.png"
  "$app" --headless --lang "$lang" --latency 1 --rows 20 --page-size 20 --total 40 \
    --replay "$here/scripts/push-to-end.jsonl" \
    --screenshot "0.7:$here/$lang-loading-more.png" --screenshot "3.4:$here/$lang-no-more-data.png"
  "$app" --headless --lang "$lang" --latency 1 --fail-rate 1 --seed 1 \
    --replay "$here/scripts/push-to-end.jsonl" --screenshot "2.0:$here/$lang-load-failed.png"
done
# The header styles, pulled part way (the overlay also while refreshing), in a small window.
for style in translate fixedBehind scale overlay; do
  case "$style" in
    translate) tuning=(--preset ios) ;;
    overlay) tuning=(--preset material) ;;
    *) tuning=(--tuning "$here/tunings/style-$style.json") ;;
  esac
  "$app" --headless --size 300x300 "${tuning[@]}" --replay "$here/scripts/pull-and-hold.jsonl" \
    --screenshot "0.7:$here/style-$style.png"
done
"$app" --headless --size 300x300 --preset material --replay "$here/scripts/staircase.jsonl" \
  --screenshot "3.3:$here/style-overlay-refreshing.png"
# The animated headers (the lab's own, Assets/Headers) mid-pull, and the second floor opening
# and open.
for header in pull.gif pull.json; do
  "$app" --headless --size 300x300 --header "$here/../Assets/Headers/$header" \
    --replay "$here/scripts/pull-and-hold.jsonl" --screenshot "1.2:$here/header-${header/./-}.png"
done
# Designers' files (Tests/Fixtures/HeaderCorpus): a GIF disposing to the background, a 16:1
# Lottie fitted left of the label, pixel art enlarged 3× in a 120 pt header; the top of each.
fixtures="$here/../Tests/Fixtures/HeaderCorpus"
shot() { "$app" --headless --size 400x700 "${@:3}" --screenshot "$1:$here/$2.tmp.png"
  convert "$here/$2.tmp.png" -crop "400x${crop}+0+0" +repage "$here/$2.png"; rm "$here/$2.tmp.png"; }
crop=100 shot 1.2 header-gif-dispose-background --replay "$here/scripts/pull-and-hold.jsonl" \
  --header "$fixtures/gif/python-pillow__Tests_images_dispose_bgnd.gif"
crop=100 shot 2.5 header-wide-lottie --replay "$here/scripts/pull-and-hold.jsonl" \
  --header "$fixtures/lottie/airbnb__sample-compose_src_main_res_raw_bar.json"
crop=160 shot 3.5 header-pixel-art-3x --replay "$here/scripts/deep-pull.jsonl" \
  --tuning "$here/tunings/header-tall.json" \
  --header "$fixtures/gif/image-rs__tests_images_gif_anim_any-disposal.gif"
"$app" --headless --size 300x400 --tuning "$here/tunings/two-level.json" \
  --replay "$here/scripts/pull-to-floor.jsonl" --screenshot "0.85:$here/two-level-armed.png" \
  --screenshot "1.4:$here/two-level-opening.png" --screenshot "2.5:$here/two-level-open.png"
# Rows of any shape: the varied feed (avatars, wrapped bodies, images), a section header stuck
# to the top while its rows scroll under it.
"$app" --headless --size 400x700 --rows-style varied --rows 60 --total 200 \
  --replay "$here/scripts/fling-up.jsonl" --screenshot "0.1:$here/feed-varied.png" \
  --screenshot "2.4:$here/feed-sections.png" --sections 3
