#!/usr/bin/env python3
"""Rows all alike: the lab's list drawn with one row repeated (a feed of identical posts, as a
placeholder list or a demo's identical cards shows), pulled fast and let go, rendered at 50 fps
and encoded as GIFs at 10 to 50 fps and scales 0.6 to 1; each fitted and scored against the lab's
own 1000 fps trace by the stress set's checks (refreshes, hold within 1.5 recording pixels,
release and collapse within max(10 %, 1.5 frames), the preset rendered). Prints a Markdown table
and, with --doc FILE, writes it between FILE's "fit-lookalike" markers.
usage: lookalike.py LAB OUTDIR [--doc FILE]"""
import json, os, subprocess, sys

PRESETS = ["ios", "mjrefresh", "ego", "smart", "flutter"]
# (every n-th of the 50 fps frames, scale)
ENCODINGS = [(5, 1.0), (4, 0.75), (2, 0.6), (1, 1.0)]
RELEASE = 0.45
TOL = 0.5


def gesture(path):
    """A pull of 450 px in 0.2 s, decelerating, let go at once."""
    events = [{"t": 0.2, "type": "down", "x": 180, "y": 100, "touch": True}]
    for i in range(1, 17):
        u = i / 16
        events.append({"t": round(0.2 + 0.2 * u, 4), "type": "move", "x": 180,
                       "y": round(100 + 450 * (1 - (1 - u) ** 2), 2), "touch": True})
    events += [{"t": RELEASE, "type": "up", "x": 180, "y": 550, "touch": True}, {"t": 3.5, "type": "end"}]
    with open(path, "w") as f:
        f.write("".join(json.dumps(e) + "\n" for e in events))


def truth(path):
    rows = [json.loads(line) for line in open(path)]
    t = [r["t"] for r in rows]
    x = [-r["offset"] for r in rows]
    hold = max(r["insetTop"] for r in rows)
    held = [i for i, r in enumerate(rows) if r["header"] in ("refreshing", "finishing")]
    end_hold = max(i for i in held if abs(x[i] - hold) <= TOL)
    settle = next(i for i in range(end_hold, 0, -1) if abs(x[i] - hold) > TOL) + 1
    rest = next(i for i in range(end_hold, len(x)) if x[i] <= TOL)
    return hold, max(x), t[settle] - RELEASE, t[rest] - t[end_hold]


def main():
    args = sys.argv[1:]
    lab, out = args[0], args[1]
    doc = args[args.index("--doc") + 1] if "--doc" in args else None
    os.makedirs(out, exist_ok=True)
    feed = os.path.join(out, "feed.jsonl")
    with open(feed, "w") as f:
        f.write("".join(json.dumps({"title": "Placeholder", "body": "lorem ipsum dolor"}) + "\n" for _ in range(40)))
    script = os.path.join(out, "fast.jsonl")
    gesture(script)
    lines = ["| preset | fps | scale | refreshes | peak px (fit / truth) | held px (fit / truth) | release s (fit / truth) "
             "| collapse s (fit / truth) | named | checks failed |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    passed = total = 0
    for preset in PRESETS:
        frames = os.path.join(out, f"f-{preset}")
        os.makedirs(frames, exist_ok=True)
        shots = []
        for i in range(175):
            shots += ["--screenshot", "%.5f:%s/%04d.png" % ((i + 0.5) / 50, frames, i)]
        common = ["--headless", "--replay", script, "--size", "360x640", "--preset", preset, "--feed", feed]
        subprocess.run([lab, *common, "--fps", "50", *shots], check=True, capture_output=True)
        trace = os.path.join(out, f"{preset}-1000.trace.jsonl")
        subprocess.run([lab, *common, "--fps", "1000", "--trace", trace], check=True, capture_output=True)
        hold, peak, release, collapse = truth(trace)
        for step, scale in ENCODINGS:
            fps = 50 / step
            gif = os.path.join(out, f"{preset}-{step}-{scale}.gif")
            chain = (f"select='not(mod(n\\,{step}))',scale=iw*{scale}:-1:flags=area,"
                     "split[a][b];[a]palettegen=max_colors=64[p];[b][p]paletteuse=dither=none")
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-framerate", "50", "-i",
                            f"{frames}/%04d.png", "-vf", chain, "-r", str(fps), gif], check=True)
            done = subprocess.run([lab, "fit", gif, "--json", "--scale", str(scale)], capture_output=True, text=True,
                                  timeout=120)
            r = json.loads(done.stdout) if done.returncode == 0 and done.stdout else {}
            found = r.get("refreshes") or []
            frame = 1 / fps
            failed = []
            if len(found) != 1:
                failed.append("refreshes")
            if r.get("hold") is None or abs(r["hold"] - hold) * scale > 1.5:
                failed.append("hold")
            if r.get("releaseDuration") is None or abs(r["releaseDuration"] - release) > max(0.1 * release, 1.5 * frame):
                failed.append("release")
            if r.get("collapseDuration") is None or abs(r["collapseDuration"] - collapse) > max(0.1 * collapse, 1.5 * frame):
                failed.append("collapse")
            if r.get("closestPreset") != preset:
                failed.append("preset")
            total += 1
            passed += not failed
            f = lambda v: "–" if v is None else f"{v:.3f}" if v < 10 else f"{v:.1f}"
            peaks = " ".join(f"{p['peak'] * scale:.1f}" for p in found) or "–"
            held = None if r.get("hold") is None else r["hold"] * scale
            lines.append(f"| {preset} | {fps:g} | {scale:g} | {len(found)} / 1 | {peaks} / {peak * scale:.1f} | "
                         f"{f(held)} / {hold * scale:.1f} | {f(r.get('releaseDuration'))} / {release:.3f} | "
                         f"{f(r.get('collapseDuration'))} / {collapse:.3f} | {r.get('closestPreset') or '–'} | "
                         f"{', '.join(failed) or '–'} |")
    text = f"{passed} of {total} pass.\n\n" + "\n".join(lines) + "\n"
    print(text)
    if doc:
        body = open(doc).read()
        begin, end = "<!-- fit-lookalike:begin -->\n", "<!-- fit-lookalike:end -->"
        head, _, rest = body.partition(begin)
        _, _, tail = rest.partition(end)
        with open(doc + ".tmp", "w") as f:
            f.write(head + begin + text + end + tail)
        os.replace(doc + ".tmp", doc)


main()
