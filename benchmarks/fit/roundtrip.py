#!/usr/bin/env python3
"""The fit's round trip: for each preset's recordings (render.sh), `refresh-lab fit --json`
against the lab's own 1000 fps trace. Prints a Markdown table; exits 1 when a bound is missed.
The finishing hold (the header's "completed" shown until the collapse begins) must come back
within a frame of the trace's (from its first `finishing` line until the offset leaves the hold).
usage: roundtrip.py LAB OUTDIR PRESET... [--release T] [--touches]"""
import json, subprocess, sys

args = sys.argv[1:]
lab, out, presets = args[0], args[1], [a for a in args[2:] if not a.startswith("--")]
release = 0.95  # pull.jsonl's finger lifts here, still since 0.7 s
touches = "--touches" in args
TOL = 0.5

def truth(preset):
    rows = [json.loads(l) for l in open(f"{out}/{preset}-1000.trace.jsonl")]
    t = [r["t"] for r in rows]
    x = [-r["offset"] for r in rows]
    hold = max(r["insetTop"] for r in rows)
    if all(abs(v) < 1 for v in x):  # overlay: the content stays still; the badge travels
        x = [r.get("headerTravel", 0) for r in rows]
        hold = x[max(i for i, r in enumerate(rows) if r["header"] == "refreshing")]
    held = [i for i, r in enumerate(rows) if r["header"] in ("refreshing", "finishing")]
    end_hold = max(i for i in held if abs(x[i] - hold) <= TOL)
    settle = next(i for i in range(end_hold, 0, -1) if abs(x[i] - hold) > TOL) + 1
    rest = next(i for i in range(end_hold, len(x)) if x[i] <= TOL)
    finished = next(i for i, r in enumerate(rows) if r["header"] == "finishing")
    leaves = next(i for i in range(finished, len(x)) if abs(x[i] - x[finished]) > 1e-6) - 1
    return hold, t[settle] - release, t[rest] - t[end_hold], t[leaves] - t[finished]

failed = False
print("| recording | hold (pt) fit / trace | release (s) fit / trace | collapse (s) fit / trace | finishing hold (s) fit / trace | closest | residual (pt) | finger replay (pt) | ok |")
print("|---|---|---|---|---|---|---|---|---|")
for preset in presets:
    hold, rel, col, fin = truth(preset)
    for name in (f"{preset}.gif", f"{preset}-60.mp4", f"{preset}-30.mp4"):
        r = json.loads(subprocess.run([lab, "fit", f"{out}/{name}", "--json"], capture_output=True, text=True, check=True).stdout)
        ok = r["closestPreset"] == preset and r["hold"] is not None and abs(r["hold"] - hold) <= 1
        if rel is not None:
            ok = ok and r["releaseDuration"] is not None and abs(r["releaseDuration"] - rel) <= 0.05 * rel
            ok = ok and r["collapseDuration"] is not None and abs(r["collapseDuration"] - col) <= 0.05 * col
        ok = ok and r["finishingHold"] is not None and abs(r["finishingHold"] - fin) <= 1 / r["fps"]
        replay = r["residuals"].get("replay")
        if touches:
            ok = ok and replay is not None and replay < 1
        failed |= not ok
        f = lambda v: "—" if v is None else f"{v:.3f}"
        print(f"| {name} | {f(r['hold'])} / {hold:.3f} | {f(r['releaseDuration'])} / {f(rel)} | "
              f"{f(r['collapseDuration'])} / {f(col)} | {f(r['finishingHold'])} / {f(fin)} | {r['closestPreset']} | {f(r['residual'])} | {f(replay)} | {'yes' if ok else 'NO'} |")
sys.exit(1 if failed else 0)
