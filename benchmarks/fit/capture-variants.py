#!/usr/bin/env python3
"""A person's capture, as people pass it on: the lab's own window captures committed in
Tests/Fixtures/captures (x11grab at 30 fps, cursor and touches drawn, a scroll then two pulls;
each with the refreshes its app trace showed, `PRESET.truth.json`), each re-encoded by ffmpeg as
a recording might reach the fitter: scaled (0.5 to 2, one of them not uniformly), resampled to
10, 15, 20, 24 and 60 fps, with only its changed frames kept (a variable rate), as a GIF, and
scaled and slowed together. Each variant is fitted with no flags (one recording pixel a point:
the holds are then the trace's times the scale) and passes when it finds the trace's refreshes
and holds each within 1.5 recording pixels of the trace's. Prints a Markdown table and the share
passing; with --doc FILE, writes them between FILE's "capture-variants" markers.
The "as captured" variant is the capture re-encoded once more at CRF 20, as every mp4 variant is.
usage: capture-variants.py LAB OUTDIR [--doc FILE]"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CAPTURES = os.path.join(HERE, "..", "..", "Tests", "Fixtures", "captures")
PRESETS = ["ios", "smart", "mjrefresh"]
# name, ffmpeg video filter, extra output options, container, (x scale, y scale)
VARIANTS = [
    ("as captured", None, [], "mp4", (1, 1)),
    ("×0.5", "scale=180:320", [], "mp4", (0.5, 0.5)),
    ("×0.75", "scale=270:480", [], "mp4", (0.75, 0.75)),
    ("×1.25", "scale=450:800", [], "mp4", (1.25, 1.25)),
    ("×1.5", "scale=540:960", [], "mp4", (1.5, 1.5)),
    ("×2", "scale=720:1280", [], "mp4", (2, 2)),
    ("360×800 (stretched)", "scale=360:800", [], "mp4", (1, 1.25)),
    ("10 fps", "fps=10", [], "mp4", (1, 1)),
    ("15 fps", "fps=15", [], "mp4", (1, 1)),
    ("20 fps", "fps=20", [], "mp4", (1, 1)),
    ("24 fps", "fps=24", [], "mp4", (1, 1)),
    ("60 fps", "fps=60", [], "mp4", (1, 1)),
    ("changed frames only", "mpdecimate", ["-fps_mode", "vfr"], "mp4", (1, 1)),
    ("GIF 20 fps", "fps=20", [], "gif", (1, 1)),
    ("×0.5 at 15 fps", "fps=15,scale=180:320", [], "mp4", (0.5, 0.5)),
    ("×1.25, changed frames only", "scale=450:800,mpdecimate", ["-fps_mode", "vfr"], "mp4", (1.25, 1.25)),
]


def make(source, target, vf, extra, container):
    """The variant at `target`, made once: written beside it and moved there when whole, so an
    interrupted run leaves nothing half-written to be reused."""
    if os.path.exists(target):
        return
    partial = target + ".part." + container
    args = ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", source]
    if vf:
        args += ["-vf", vf]
    args += extra
    if container == "mp4":
        args += ["-c:v", "libx264", "-crf", "20", "-pix_fmt", "yuv420p"]
    subprocess.run(args + [partial], check=True)
    os.replace(partial, target)


def fit(lab, target):
    """The refreshes' holds the fit reports for `target`, or why there are none."""
    try:
        run = subprocess.run([lab, "fit", target, "--json"], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "over 120 s"
    if run.returncode != 0:
        return None, (run.stderr.strip().splitlines() or ["failed"])[-1]
    try:
        return [r["hold"] for r in json.loads(run.stdout).get("refreshes", [])], None
    except (json.JSONDecodeError, KeyError) as error:
        return None, f"unreadable report ({error})"


def main():
    parser = argparse.ArgumentParser(description="Fit the committed captures re-encoded sixteen ways.")
    parser.add_argument("lab", help="the refresh-lab binary")
    parser.add_argument("out", help="the folder for the variants (reused when present)")
    parser.add_argument("--doc", help="a Markdown file whose capture-variants markers get the table")
    options = parser.parse_args()
    lab, out, doc = options.lab, options.out, options.doc
    begin, end = "<!-- capture-variants:begin -->", "<!-- capture-variants:end -->"
    if doc:
        if not os.path.isfile(doc):
            sys.exit(f"{doc}: no such file; give the Markdown file to write the table into")
        with open(doc) as f:
            text = f.read()
        if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
            sys.exit(f"{doc}: needs one '{begin}' line and, after it, one '{end}' line")
    os.makedirs(out, exist_ok=True)
    rows = []
    passed = total = 0
    for name, vf, extra, container, (sx, sy) in VARIANTS:
        cells = []
        for preset in PRESETS:
            with open(os.path.join(CAPTURES, f"{preset}.truth.json")) as f:
                truth = json.load(f)["refreshes"]
            source = os.path.join(CAPTURES, f"{preset}.mp4")
            slug = "".join(c if c.isalnum() else "-" for c in name)
            target = os.path.join(out, f"{preset}-{slug}.{container}")
            make(source, target, vf, extra, container)
            holds, problem = fit(lab, target)
            want = [r["hold"] * sy for r in truth]
            ok = holds is not None and len(holds) == len(want) and all(abs(a - b) <= 1.5 for a, b in zip(holds, want))
            passed += ok
            total += 1
            shown = problem or ", ".join(f"{h:.1f}" for h in holds) or "none"
            cells.append(f"{shown} {'✓' if ok else '✗'}")
        rows.append(f"| {name} | {sy:g} | " + " | ".join(cells) + " |")
    table = "\n".join(
        [f"**{passed} of {total} pass.**", "",
         "| variant | px a point (down) | ios (holds 60 pt) | smart (60 pt) | mjrefresh (54 pt) |",
         "| --- | --- | --- | --- | --- |"] + rows)
    print(table)
    if doc:
        head, rest = text.split(begin)
        _, tail = rest.split(end)
        with open(doc + ".tmp", "w") as f:
            f.write(head + begin + "\n" + table + "\n" + end + tail)
        os.replace(doc + ".tmp", doc)


main()
