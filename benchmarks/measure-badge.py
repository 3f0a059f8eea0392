#!/usr/bin/env python3
"""Measures a recording of Material's refresh badge (an indicator pulled over content that stays
still) without the fitter: ImageMagick and the standard library only.

ImageMagick coalesces the GIF's frames (a chunk at a time, as measure-recording.py does), crops
each to the badge's columns (`X0…X1`) and the 400 rows below the list's top (`TOP`, the app
bar's bottom edge), and turns it grey. In every frame the rows that differ from a reference frame at rest with no
badge (the first, or `--reference=K`: the GIF's dithering may draw the first frame's app bar
shadow otherwise than the rest) by more than 24 grey levels in at least 4 pixels are the badge's, shadow included; their run
with the most changed pixels (bridging gaps of up to 6 rows: the white disc over a white list
only differs where its arc or shadow is) is the badge, and the badge's travel is how far below `TOP` that
run reaches, in whole pixels: the badge's bottom edge. Its widest row is printed beside it, so
a badge that shrinks away (Material's finish) is seen shrinking rather than moving.

The phases follow the fifth round's definitions, on that travel, as measure-recording.py's do.
Frames from `--until=SECONDS` on are left out (a recording that scrolls its list afterwards:
the rows then differ from the first frame for another reason).

    benchmarks/measure-badge.py RECORDING.gif TOP X0 X1 [--until=SECONDS] [--reference=K] [--frames] [--json]
"""
import importlib.util
import json
import os
import subprocess
import sys

# Grey levels a pixel must differ by to be the badge's.
DIFFERS = 24
# Unchanged rows bridged within the badge.
GAP = 6
# Rows below TOP searched (the badge travels less; content further down may change for other reasons).
ROWS = 400
# Changed pixels that make a row the badge's (single pixels are the palette's dithering).
LEAST = 4

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("measure_recording", os.path.join(here, "measure-recording.py"))
measure = importlib.util.module_from_spec(spec)
spec.loader.exec_module(measure)


def track(path, top, x0, x1, until=None, reference_frame=0):
    """(time, travel px, widest row px) per frame, and the frames' median interval."""
    info = subprocess.run(
        ["identify", "-format", "%T %W %H\n", path], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    info = [line.split() for line in info if line.strip()]
    delays = [int(line[0]) / 100 for line in info]
    height = min(int(info[0][2]) - top, ROWS)
    width = x1 - x0
    raw = measure.coalesced(path, len(delays), [
        "-crop", f"{width}x{height}+{x0}+{top}", "+repage", "-colorspace", "gray", "-depth", "8", "gray:-"])
    size = width * height
    count = len(raw) // size
    frames = [raw[k * size:(k + 1) * size] for k in range(count)]
    reference = frames[reference_frame]
    out = []
    time = 0.0
    for k, frame in enumerate(frames):
        if until is not None and time >= until - 1e-9:
            break
        # Runs of changed rows (bridging short gaps): (bottom row + 1, changed pixels, widest row).
        runs, run, gap = [], None, 0
        for y in range(height):
            row = [abs(frame[y * width + x] - reference[y * width + x]) > DIFFERS for x in range(width)]
            if sum(row) >= LEAST:
                columns = [x for x in range(width) if row[x]]
                span = columns[-1] - columns[0] + 1
                run = [y + 1, sum(row), span] if run is None else [y + 1, run[1] + sum(row), max(run[2], span)]
                gap = 0
            elif run is not None:
                gap += 1
                if gap > GAP:
                    runs.append(run)
                    run, gap = None, 0
        if run is not None:
            runs.append(run)
        bottom, _, widest = max(runs, key=lambda r: r[1]) if runs else (0, 0, 0)
        out.append((round(time, 3), float(bottom), widest))
        time += delays[k]
    return out, sorted(delays)[len(delays) // 2]


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(arguments) != 4:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    reference = next((int(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--reference=")), 0)
    until = next((float(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--until=")), None)
    series, interval = track(arguments[0], *map(int, arguments[1:]), until=until, reference_frame=reference)
    if "--frames" in sys.argv:
        for k, (t, o, w) in enumerate(series):
            print(f"{k:4d} {t:6.2f} {o:7.1f} {w:5d}")
    found = measure.phases(series, interval)
    if "--json" in sys.argv:
        print(json.dumps({"frames": len(series), "frameInterval": interval, "refreshes": found}))
    else:
        for refresh in found:
            print(refresh)
