#!/usr/bin/env python3
"""Issue 52's capture of the real window (capture.sh), fitted and checked against the app's own
trace: both refreshes found, each hold within 1 pt, release and collapse within max(10 %, one
frame) of the trace's, the preset named, the written tuning within 2 pt of the preset along the
staircase pull (docs/scripts/staircase.jsonl, headless), and the 0.9-scale 60 fps frames and the
variable-frame-rate re-encoding finding the same two refreshes. Prints a Markdown table; exits 1
when a bound is missed.
usage: capture-check.py LAB OUTDIR PRESET..."""
import json, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tracetruth import read_lines, refreshes  # noqa: E402

lab, out, presets = sys.argv[1], sys.argv[2], sys.argv[3:]
here = os.path.dirname(os.path.abspath(__file__))
staircase = os.path.join(here, "..", "..", "docs", "scripts", "staircase.jsonl")
TOL = 0.5


def truth(path):
    """Each refresh in the trace: (hold, release duration, collapse duration)."""
    return [(r["hold"], r["release"], r["collapse"]) for r in refreshes(read_lines(path))]


def fit(path, *extra, write=None):
    args = [lab, "fit", path, "--json", *extra] + (["--write", write] if write else [])
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"{path}: fit failed: {run.stderr.strip()}")
    return json.loads(run.stdout)


def staircase_offsets(*flags):
    trace = os.path.join(out, "staircase.trace.jsonl")
    subprocess.run([lab, "--headless", "--replay", staircase, "--size", "360x640", "--fps", "60",
                    "--trace", trace, *flags], check=True, capture_output=True)
    rows = [json.loads(l) for l in open(trace)]
    return [(r["t"], -r["offset"]) for r in rows if r["dragging"]]


def durations_per_refresh(r):
    """Each fitted refresh's release (until within 0.5 pt of its hold for good) and collapse, from
    the track, as the contract reads them."""
    track = [(p["t"], p["offset"]) for p in r["track"] if p["offset"] is not None]
    out = []
    for f in r["refreshes"]:
        hold = f["hold"]
        rel = col = None
        if f["collapseStart"] is not None:
            window = [(t, x) for t, x in track if f["release"] <= t <= f["collapseStart"]]
            outside = [k for k, (_, x) in enumerate(window) if abs(x - hold) > TOL]
            if outside and outside[-1] + 1 < len(window):
                (ta, xa), (tb, xb) = window[outside[-1]], window[outside[-1] + 1]
                edge = hold + TOL if xa > hold else hold - TOL
                frac = 1 if xa == xb else max(0, min(1, (edge - xa) / (xb - xa)))
                rel = ta + frac * (tb - ta) - f["release"]
            if f["collapseEnd"] is not None:
                col = f["collapseEnd"] - f["collapseStart"]
        out.append((hold, rel, col))
    return out


failed = False
print("| capture | refreshes | hold (pt) fit / trace | release (s) fit / trace | collapse (s) fit / trace | closest | staircase (pt) | frames 0.9 × 60 fps | variable rate | ok |")
print("|---|---|---|---|---|---|---|---|---|---|")
for preset in presets:
    want = truth(os.path.join(out, f"{preset}.trace.jsonl"))
    written = os.path.join(out, f"{preset}.tuning.json")
    r = fit(os.path.join(out, f"{preset}.mp4"), write=written)
    frame = 1 / r["fps"]
    got = durations_per_refresh(r)
    ok = len(got) == len(want) == 2 and r["closestPreset"] == preset
    cells = {"hold": [], "release": [], "collapse": []}
    for (h, rel, col), (th, trel, tcol) in zip(got, want):
        ok = ok and abs(h - th) <= 1
        for name, a, b in (("release", rel, trel), ("collapse", col, tcol)):
            ok = ok and a is not None and abs(a - b) <= max(0.1 * b, frame)
            cells[name].append(f"{'—' if a is None else f'{a:.3f}'} / {b:.3f}")
        cells["hold"].append(f"{h:.2f} / {th:.2f}")
    mine = staircase_offsets("--tuning", written)
    theirs = staircase_offsets("--preset", preset)
    gap = max(abs(a[1] - b[1]) for a, b in zip(mine, theirs))
    ok = ok and gap <= 2
    frames = fit(os.path.join(out, f"{preset}-frames"), "--scale", "0.9", "--fps", "60")
    vfr = fit(os.path.join(out, f"{preset}-vfr.mp4"))
    same = lambda other: len(other["refreshes"]) == 2 and all(
        abs(a["holdStart"] - b["holdStart"]) < 0.2 for a, b in zip(other["refreshes"], r["refreshes"]))
    ok = ok and same(frames) and same(vfr)
    failed |= not ok
    print(f"| {preset}.mp4 | {len(got)} / {len(want)} | {'; '.join(cells['hold'])} | {'; '.join(cells['release'])} | "
          f"{'; '.join(cells['collapse'])} | {r['closestPreset']} | {gap:.2f} | {len(frames['refreshes'])} "
          f"({frames['closestPreset']}) | {len(vfr['refreshes'])} ({vfr['closestPreset']}) | {'yes' if ok else 'NO'} |")
sys.exit(1 if failed else 0)
