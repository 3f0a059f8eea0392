"""Summarises header-corpus.sh's results (one JSON line per file) as the Markdown in docs/."""
import json
import os
import sys
from collections import Counter

results = [json.loads(line) for line in open(sys.argv[1]) if line.strip().startswith("{")]
corpus = sys.argv[2]
sources = {}
if os.path.exists(os.path.join(corpus, "SOURCES.txt")):
    for line in open(os.path.join(corpus, "SOURCES.txt")):
        parts = line.split(" ", 2)
        if len(parts) == 3:
            sources[os.path.basename(parts[0])] = parts[1]


def is_valid(r):
    return r.get("valid", True)


def kind(r):
    return r.get("kind") or ("gif" if r["file"].lower().endswith(".gif") else "lottie")


print("# Animated headers on real files\n")
print("`make header-corpus CORPUS=DIR` (benchmarks/header-corpus.sh): every file loaded as the")
print("header loads it, in its own process under a 60 s limit. A GIF's every frame (the five pull")
print("points among them) is compared with ImageMagick's `-coalesce` frame; a Lottie's frames at")
print("five pull points, rendered at the header's size (fitted in 192 × 96 px), with rlottie's own")
print("render of that frame at that size; ±2 per channel. Valid: the reference reads the file.\n")
repos = sorted(set(sources.values()))
if repos:
    print("Sources: " + ", ".join(f"`{r}`" for r in repos) + ".\n")
painted = [r for r in results if r.get("imageMagickBackground", 0) > 0]
if painted:
    print(f"{len(painted)} GIFs match except where no frame has drawn yet: ImageMagick paints the")
    print("background colour there, browsers and the header leave it transparent (counted as matching).\n")
print("| kind | files | valid | loaded | % of valid loaded | frames match | differ | refused (valid) | refused (invalid) | hangs | crashes |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for k in ("gif", "lottie"):
    rs = [r for r in results if kind(r) == k]
    valid = [r for r in rs if is_valid(r)]
    loaded = [r for r in valid if r["result"] in ("match", "differs")]
    match = sum(r["result"] == "match" for r in valid)
    differs = sum(r["result"] == "differs" for r in valid)
    refused = sum(r["result"] in ("refused", "no-plan") for r in valid)
    hangs = sum(r["result"] == "hang" for r in rs)
    crashes = sum(r["result"] == "crash" for r in rs)
    refused_invalid = sum(r["result"] == "refused" for r in rs if not is_valid(r))
    share = 100 * len(loaded) / len(valid) if valid else 0
    print(f"| {k} | {len(rs)} | {len(valid)} | {len(loaded)} | {share:.1f} % | {match} | {differs} | {refused} | {refused_invalid} | {hangs} | {crashes} |")

loads = [r for r in results if "loadSeconds" in r]
if loads:
    slowest = max(loads, key=lambda r: r["loadSeconds"])
    big = [r for r in loads if kind(r) == "lottie" and os.path.exists(r["file"]) and os.path.getsize(r["file"]) >= 500_000]
    print(f"\nSlowest load: {slowest['loadSeconds']:.3f} s ({os.path.basename(slowest['file'])}).")
    for r in sorted(big, key=lambda r: -os.path.getsize(r["file"]))[:5]:
        print(f"Lottie of {os.path.getsize(r['file']) // 1024} KB: checked in {r['loadSeconds']:.3f} s, all frames rendered in {r.get('renderSeconds', 0):.3f} s ({os.path.basename(r['file'])}).")

print("\n## Refused, differing, hanging or crashing files\n")
print("| file | from | result | why |")
print("|---|---|---|---|")
for r in sorted(results, key=lambda r: r["file"]):
    if r["result"] == "match" and is_valid(r):
        continue
    name = os.path.basename(r["file"])
    why = r.get("reason", "")
    if r["result"] == "differs":
        why = f"frame {r.get('firstMismatch')} differs by {r.get('worst')}"
    result = r["result"]
    if not is_valid(r):
        result = "invalid: " + ("refused" if result == "refused" else result)
        why = (why + "; " if why else "") + "the reference cannot read it either"
        if r["result"] in ("match", "differs"):
            why = "loaded; the reference cannot read it"
    print(f"| {name} | {sources.get(name, '')} | {result} | {why} |")

print("\n## Every file\n")
print("| file | result | frames | size | worst channel difference |")
print("|---|---|---|---|---|")
for r in sorted(results, key=lambda r: r["file"]):
    name = os.path.basename(r["file"])
    size = r.get("canvas") or r.get("size") or ""
    result = r["result"] if is_valid(r) else "invalid (" + r["result"] + ")"
    worst = r.get("worst", "") if is_valid(r) else ""
    print(f"| {name} | {result} | {r.get('frames', '')} | {size} | {worst} |")
