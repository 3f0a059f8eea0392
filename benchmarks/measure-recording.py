#!/usr/bin/env python3
"""Measures a screen recording of a pull-to-refresh without the fitter: ImageMagick and the
standard library only.

ImageMagick coalesces the GIF's frames, turns them grey and averages each pixel row within
each of eight vertical bands (`-scale 8xH!`, a box average), so each frame becomes a row profile
of eight values a row. The list's
displacement in frame k is the whole-pixel shift that best lays frame k's profile over a
reference frame's (least mean absolute difference over the rows below `top`), refined to a
tenth of a pixel by a parabola through the three best shifts, and searched within `window`
pixels of the neighbouring frame's, so that look-alike rows a row's pitch away never win. Two
references are read, the first frame (followed forward) and the last (followed backward), both
at rest: a list whose rows change when the refresh ends (MJRefresh's demos add rows) is
measured against the last frame from then on. The frames switch once from the first reading
to the second, at the frame where the two together match best.

The phases follow the fifth round's definitions (shared design): the hold is the first run of
still frames (each within 0.3 px of the run's first) lasting at least 0.2 s; the peak is the
last frame at the highest displacement before it; the release ends at the first frame within
0.5 px of the hold; the collapse runs from the last frame within 0.5 px of the hold to the
first within 0.5 px of rest. Times come from the GIF's delays (a frame's start time). The peak
is a frame's time, and the release leaves it at most one usual frame interval before the next
frame (a recording that keeps only the frames that change shows it unchanged until then); the
three crossings of a 0.5 px band (into the hold's, out of it, into
rest's) are interpolated linearly between the frames either side of them, as the contract has
the fitter's times do. (Read at frame start times, a duration from the last frame in one band
to the first frame in another runs over the crossings it stands for by up to two frames, one
on average: `smartrefreshlayout-dropbox.gif`'s collapse read 0.36 s that way, 0.347 s
interpolated.)

    benchmarks/measure-recording.py RECORDING TOP [--most=PX] [--forward|--backward] [--until=S] [--held-peak]
                                    [--window=PX] [--columns=X0:X1] [--smooth=ROWS] [--frames] [--json]

RECORDING is a GIF (ImageMagick reads it) or a video such as an MP4 (ffmpeg reads it, and
ffprobe each frame's own timestamp). `--most` is the largest displacement searched (260 px
unless given); the rows compared end that far above the frame's bottom. `--forward` reads
against the first frame only, for a recording whose last frame is not at rest; `--backward`
against the last only, for one whose first frame is not at rest. `--until` leaves
out the frames from that time (s) on: a recording that scrolls its list after the refresh.
`--held-peak` reads a still run at the pull's highest displacement that a lower still run
follows (before the list is back at rest) as the finger holding the list at the library's
limit: the hold is the lower run, and the release starts from the last frame at the peak.
`--window` is how far from the neighbouring frame's shift a frame's is searched (80 px unless
given): less than a row's pitch keeps a list of look-alike rows from being read a row off.
`--columns` profiles only the columns X0 to X1 (a text whose digits change, say, left out).
`--smooth` averages each profile over that many rows: a GIF whose ordered dithering draws a
pattern fixed to the screen (every 8 rows, say) over a flat background would otherwise draw the
shift to that pattern's multiples.
"""
import json
import operator
import os
import subprocess
import sys
import tempfile

# Vertical bands each pixel row is averaged within: text in one band tells look-alike rows apart.
BANDS = 8
# Frames coalesced at a time.
CHUNK = 40


def coalesced(path, count, process):
    """The GIF's `count` frames coalesced (each drawn over the frames before it, as a viewer
    shows it), then given to ImageMagick's `process` arguments, which write to standard output;
    what they write, frame after frame.

    A chunk of frames at a time: ImageMagick's pixel cache (1 GiB of disk by Debian's policy)
    cannot hold a phone-sized recording's frames at once. Each chunk starts from the previous
    chunk's last whole frame, so frames drawn over it (disposal "none", as these recordings'
    are) come out as one coalesce of the whole file would."""
    out = b""
    with tempfile.TemporaryDirectory() as scratch:
        canvas = os.path.join(scratch, "canvas.miff")
        for first in range(0, count, CHUNK):
            last = min(first + CHUNK, count) - 1
            base = [canvas] if first > 0 else []
            drop = ["-delete", "0"] if first > 0 else []
            out += subprocess.run(
                ["convert", *base, f"{path}[{first}-{last}]", "-coalesce", *drop, "+repage",
                 "(", "-clone", "-1", "-write", canvas, "+delete", ")", *process],
                capture_output=True, check=True,
            ).stdout
    return out


def video_profiles(path, columns=None):
    """`profiles` for a video (an MP4): ffprobe gives each frame's own timestamp (a phone's
    recorder keeps only frames that change, so the rate varies), ffmpeg the row profiles (a box
    average to eight columns, `flags=area`, in grey). A frame's delay is the time to the next
    frame's timestamp; the last frame's is the median delay."""
    probe = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
         "stream=width,height:frame=best_effort_timestamp_time", "-of", "json", path],
        capture_output=True, text=True, check=True)
    info = json.loads(probe.stdout)
    height = int(info["streams"][0]["height"])
    stamps = [float(f["best_effort_timestamp_time"]) for f in info["frames"]]
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-fps_mode", "passthrough", "-vf",
         (f"crop={columns[1] - columns[0]}:{height}:{columns[0]}:0," if columns else "")
         + f"scale={BANDS}:{height}:flags=area,format=gray16be", "-f", "rawvideo", "-"],
        capture_output=True, check=True).stdout
    values = [int.from_bytes(raw[i:i + 2], "big") for i in range(0, len(raw) - 1, 2)]
    row = BANDS
    count = min(len(values) // (height * row), len(stamps))
    frames = [
        [tuple(values[(k * height + y) * row:(k * height + y + 1) * row]) for y in range(height)]
        for k in range(count)
    ]
    delays = [round(b - a, 4) for a, b in zip(stamps, stamps[1:count])]
    delays.append(sorted(delays)[len(delays) // 2] if delays else 0.1)
    return delays[:count], frames, height


def profiles(path, columns=None):
    """The frames' delays (s) and row profiles (grey, 0…65535), and the frame height. With
    `columns` (x0, x1), only those columns are profiled."""
    if not path.lower().endswith(".gif"):
        return video_profiles(path, columns)
    info = subprocess.run(
        ["identify", "-format", "%T %w %h\n", path], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    info = [line.split() for line in info if line.strip()]
    delays = [int(line[0]) / 100 for line in info]
    height = int(info[0][2])
    crop = ["-crop", f"{columns[1] - columns[0]}x{height}+{columns[0]}+0", "+repage"] if columns else []
    raw = coalesced(path, len(delays), [
        *crop, "-colorspace", "gray", "-scale", f"{BANDS}x{height}!", "-depth", "16", "-endian", "MSB", "gray:-"])
    values = [int.from_bytes(raw[i:i + 2], "big") for i in range(0, len(raw) - 1, 2)]
    row = BANDS
    count = len(values) // (height * row)
    frames = [
        [tuple(values[(k * height + y) * row:(k * height + y + 1) * row]) for y in range(height)]
        for k in range(count)
    ]
    return delays[:count], frames, height


def best_shift(reference, frame, top, bottom, low, high):
    """The shift in low…high laying `frame` over `reference` best, and its mean difference.
    (The rows are compared as one flat run of band values a shift, which is what summing
    row by row and band by band gives, in a fraction of the time; a row above the frame's top
    is taken from its bottom, as a negative index does.)"""
    flat = [value for row in frame for value in row]
    wanted = [value for y in range(top, bottom) for value in reference[y]]
    errors = []
    for shift in range(low, high + 1):
        first, last = (top + shift) * BANDS, (bottom + shift) * BANDS
        rows = flat[first:last] if first >= 0 else flat[first:] + flat[:last]
        total = sum(map(abs, map(operator.sub, wanted, rows)))
        errors.append(total / (bottom - top) / BANDS / 257)
    i = min(range(len(errors)), key=errors.__getitem__)
    fraction = 0.0
    if 0 < i < len(errors) - 1:
        left, centre, right = errors[i - 1], errors[i], errors[i + 1]
        curvature = left - 2 * centre + right
        if curvature > 0:
            fraction = 0.5 * (left - right) / curvature
    return low + i + fraction, errors[i]


def smoothed(frame, rows):
    """`frame`'s profile averaged over `rows` rows at a time (a box filter down each band)."""
    height = len(frame)
    out = []
    for y in range(height):
        block = frame[max(0, y - rows // 2):min(height, y - rows // 2 + rows)]
        out.append(tuple(sum(v) // len(block) for v in zip(*block)))
    return out


def track(path, top, most=260, window=80, forward_only=False, until=None, backward_only=False, columns=None,
          smooth=None):
    """(time, displacement px, mean difference) per frame, and the frames' median interval.
    With `until`, the frames starting at or after that many seconds are left out."""
    delays, frames, height = profiles(path, columns)
    if smooth:
        frames = [smoothed(frame, smooth) for frame in frames]
    if until is not None:
        starts = [sum(delays[:k]) for k in range(len(delays))]
        keep = sum(1 for t in starts if t < until - 1e-6)
        delays, frames = delays[:keep], frames[:keep]
    bottom = height - most - 1
    readings = []
    # Forward from the first frame, and backward from the last, each against its own frame.
    # A recording that ends before the list is back at rest (`--forward`) is read forward only.
    forward = (0, range(len(frames)))
    backward = (-1, range(len(frames) - 1, -1, -1))
    references = (forward,) if forward_only else (backward,) if backward_only else (forward, backward)
    for reference, order in references:
        last = 0.0
        series = [None] * len(frames)
        for k in order:
            low = max(-10, int(last) - window)
            high = min(most, int(last) + window)
            series[k] = best_shift(frames[reference], frames[k], top, bottom, low, high)
            last = series[k][0]
        readings.append(series)
    # One switch from the first reference to the last, where the two together match best.
    forward, backward = readings if len(readings) == 2 else (readings[0], readings[0])
    costs = [
        sum(e for _, e in forward[:switch]) + sum(e for _, e in backward[switch:])
        for switch in range(len(frames) + 1)
    ]
    switch = min(range(len(costs)), key=costs.__getitem__)
    time = 0.0
    out = []
    for k in range(len(frames)):
        shift, error = forward[k] if k < switch else backward[k]
        out.append((round(time, 3), round(shift, 1), round(error, 2)))
        time += delays[k]
    return out, sorted(delays)[len(delays) // 2]


def crossing(times, offsets, outside, inside, centre, band, interval):
    """When the offset, moving linearly from frame `outside` (beyond `band` of `centre`) to the
    adjacent frame `inside` (within it), crosses the band's edge on `outside`'s side. `outside`
    may be the later frame (leaving the band). The move between two frames is taken to span at
    most the recording's usual frame `interval`, ending at the later frame: a recording that
    keeps only the frames that change shows the earlier one unchanged until then (at a constant
    frame rate this is the whole gap)."""
    a, b = offsets[outside], offsets[inside]
    edge = centre + band if a > centre else centre - band
    f = 1.0 if a == b else max(0.0, min(1.0, (edge - a) / (b - a)))
    earlier, later = sorted((outside, inside))
    begin = max(times[earlier], times[later] - interval)
    # The fraction of the way from `outside` to `inside`, as a time between begin and the later frame.
    moved = f if outside == earlier else 1.0 - f
    return begin + moved * (times[later] - begin)


def still_run(times, offsets, j, n, start, still, least_hold, interval):
    """The first run of still frames (each within `still` of the run's first, above `start`)
    lasting `least_hold` or more, from frame `j` on, as (first, last); None if there is none.
    A run lasts until one usual frame `interval` before the frame after it: a recording that
    keeps only the frames that change shows a hold as one frame with a long delay (at a constant
    frame rate this is the run's last frame)."""
    while j < n - 1:
        r = j
        while r + 1 < n and abs(offsets[r + 1] - offsets[j]) < still and offsets[j] > start:
            r += 1
        last_seen = max(times[r], times[r + 1] - interval) if r + 1 < n else times[r]
        if r > j and last_seen - times[j] >= least_hold:
            return (j, r)
        j = r + 1 if r > j else j + 1
    return None


def phases(series, interval, rest=0.5, start=2.0, still=0.3, least_hold=0.2, held_peak=False):
    """The refreshes in `series`. With `held_peak`, a still run at the pull's highest
    displacement that is followed by a lower still run before the list is back at rest is the
    finger holding the list at the library's limit, not the hold: the hold is the lower run."""
    times = [t for t, _, _ in series]
    offsets = [o for _, o, _ in series]
    n = len(offsets)
    found = []
    k = 0
    while k < n:
        if offsets[k] <= start:
            k += 1
            continue
        first = k
        plateau = None
        hold_run = still_run(times, offsets, first, n, start, still, least_hold, interval)
        if hold_run is None:
            break
        if held_peak and abs(offsets[hold_run[0]] - max(offsets[first:hold_run[1] + 1])) <= rest:
            back = next((i for i in range(hold_run[1], n) if offsets[i] <= rest), n)
            lower = still_run(times, offsets[:back], hold_run[1] + 1, back, start, still, least_hold, interval)
            if lower is not None and offsets[lower[0]] < offsets[hold_run[0]] - 4 * rest:
                plateau, hold_run = hold_run, lower
        run = offsets[hold_run[0]:hold_run[1] + 1]
        hold = sorted(run)[len(run) // 2]
        highest = max(offsets[first:hold_run[0] + 1])
        peak = max(i for i in range(first, hold_run[0] + 1) if offsets[i] == highest)
        if plateau is not None:
            # The finger lets go at the plateau's end.
            peak = max(i for i in range(first, hold_run[0] + 1) if offsets[i] >= highest - still)
        settled = next(i for i in range(peak, hold_run[1] + 1) if abs(offsets[i] - hold) <= rest)
        last_held = hold_run[1]
        while last_held + 1 < n and abs(offsets[last_held + 1] - hold) <= rest:
            last_held += 1
        end = next((i for i in range(last_held, n) if offsets[i] <= rest), None)
        hold_start = crossing(times, offsets, settled - 1, settled, hold, rest, interval) if settled > peak else times[settled]
        # The list leaves the peak at most one usual frame `interval` before the frame after it,
        # as it leaves any band (`crossing`): a recording that keeps only the frames that change
        # shows the peak's frame unchanged until then (at a constant frame rate, its own start).
        left_peak = max(times[peak], times[peak + 1] - interval) if settled > peak else times[peak]
        collapse_start = (
            crossing(times, offsets, last_held + 1, last_held, hold, rest, interval) if last_held + 1 < n else times[last_held])
        collapse_end = crossing(times, offsets, end - 1, end, 0.0, rest, interval) if end is not None else None
        found.append({
            "pullStart": times[max(first - 1, 0)],
            "peak": times[peak],
            "peakOffset": offsets[peak],
            "hold": hold,
            "holdStart": round(hold_start, 3),
            "collapseStart": round(collapse_start, 3),
            "collapseEnd": round(collapse_end, 3) if end is not None else None,
            "releaseDuration": round(hold_start - left_peak, 3),
            "collapseDuration": round(collapse_end - collapse_start, 3) if end is not None else None,
        })
        k = (end if end is not None else n) + 1
    return found


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(arguments) != 2:
        sys.exit("usage: " + next(line.strip() for line in __doc__.splitlines()
                                  if line.strip().startswith("benchmarks/measure-recording.py"))
                 + " (the options are described at the top of the script)")
    most = next((int(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--most=")), 260)
    until = next((float(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--until=")), None)
    window = next((int(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--window=")), 80)
    columns = next((tuple(map(int, a.split("=", 1)[1].split(":"))) for a in sys.argv[1:]
                    if a.startswith("--columns=")), None)
    smooth = next((int(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--smooth=")), None)
    series, interval = track(arguments[0], int(arguments[1]), most=most, window=window,
                             forward_only="--forward" in sys.argv,
                             until=until, backward_only="--backward" in sys.argv, columns=columns,
                             smooth=smooth)
    if "--frames" in sys.argv:
        for k, (t, o, e) in enumerate(series):
            print(f"{k:4d} {t:6.2f} {o:7.1f} {e:6.2f}")
    found = phases(series, interval, held_peak="--held-peak" in sys.argv)
    if "--json" in sys.argv:
        print(json.dumps({"frames": len(series), "frameInterval": interval, "refreshes": found}))
    else:
        for refresh in found:
            print(refresh)
