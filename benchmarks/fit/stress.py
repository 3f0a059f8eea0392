#!/usr/bin/env python3
"""Issue 52's generated stress set for `refresh-lab fit`: synthetic recordings of the lab, each
degraded the ways real screen recordings are (an unknown scale, a low, odd or varying frame
rate, grain, blur and heavy compression, a drawn pointer, a scroll before the pull, rows
replaced during the collapse, an overshooting release), fitted, and scored against the lab's own
1000 fps trace by the checks of benchmarks/fit-corpus.sh. Why: the corpus of real recordings is
small and fixed; a seeded generator gives as many new cases as wanted, each with an exact truth,
and names which degradation a fitter fails on. docs/fit-stress.md describes the generator.

Every choice comes from a random.Random seeded by the seed and the case's number, so a seed
always gives the same cases (and --count N gives the first N of them). Python's standard library,
ffmpeg and ImageMagick's convert only.

usage: stress.py LAB OUTDIR [--seed N] [--count N] [--doc FILE] [--reuse]
       stress.py --self-test   (the generator's own checks, no lab)
  --doc FILE  writes the results between FILE's "fit-stress" markers
  --reuse     keeps a case's media when OUTDIR already holds it for the same choices"""
import argparse, hashlib, json, os, random, shutil, signal, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tracetruth import TOL, read_lines, refreshes  # noqa: E402

PRESETS = ["ios", "mjrefresh", "ego", "smart", "flutter", "material"]
FIXED_FPS = [5, 7, 10, 15, 20, 24, 30, 50, 60]
VARIABLE_BASE_FPS = [24, 30, 60]
SIZES = [(360, 640), (320, 568), (390, 720)]
TOL = 0.5            # the contract's band around the hold and rest, points
FIT_LIMIT = 60       # seconds a fit may take
CHECKS = ("refreshes", "hold", "release", "collapse", "preset")
STEP = 0.0125        # seconds between a finger's move events (80 Hz, as pull.jsonl)
# The arrow pasted over the frames: a desktop pointer, 20 pt tall, its tip at (0, 0).
ARROW = [(0, 0), (0, 17), (4, 13), (7, 20), (10, 19), (7, 12), (12, 12)]


# ---------------------------------------------------------------- the cases

def choose(seed, index):
    """The case `index` of `seed`: every random choice, as a plain dictionary."""
    rng = random.Random(f"refresh-lab fit stress {seed} {index}")
    case = {"index": index}
    case["preset"] = rng.choice(PRESETS)
    # The overshooting release is a curve family laid over a preset whose content moves.
    case["overshoot"] = None
    if case["preset"] != "material" and rng.random() < 0.25:
        case["overshoot"] = {"elasticBounce": round(rng.uniform(0.3, 0.6), 2),
                             "elasticDuration": round(rng.uniform(0.4, 0.8), 2)}
    case["size"] = list(rng.choice(SIZES))
    case["latency"] = round(rng.uniform(0.6, 1.6), 2)
    case["scrollBefore"] = rng.random() < 0.5
    case["pulls"] = 2 if rng.random() < 0.35 else 1
    case["replaceRows"] = rng.random() < 0.4
    case["gesture"] = {"seed": rng.randrange(1 << 30)}
    case["scale"] = round(rng.uniform(0.5, 1.5), 3)
    case["scaleFilter"] = rng.choice(["bicubic", "bilinear", "area", "lanczos"])
    if rng.random() < 0.3:
        case["rate"] = {"kind": "variable", "base": rng.choice(VARIABLE_BASE_FPS),
                        "jitter": round(rng.uniform(0.1, 0.45), 2), "stall": round(rng.uniform(0, 0.06), 3)}
    else:
        case["rate"] = {"kind": "fixed", "fps": rng.choice(FIXED_FPS)}
    case["noise"] = rng.choice(["none", "grain", "blur", "crf", "grain+crf"])
    case["grain"] = rng.randint(6, 22)
    case["blur"] = round(rng.uniform(0.6, 1.6), 2)
    case["crf"] = rng.randint(32, 42)
    case["cursor"] = rng.choice(["none", "disc", "arrow", "disc+arrow"])
    fps = case["rate"].get("fps", 0)
    # GIF holds delays in hundredths of a second: above 50 fps it cannot say the times.
    case["container"] = "gif" if fps <= 50 and "crf" not in case["noise"] and rng.random() < 0.3 else "mp4"
    # A user who knew the scale would give it: some do.
    case["giveScale"] = rng.random() < 0.2
    return case


def ease_out(u):
    return 1 - (1 - u) ** 2


def ease_in_out(u):
    return u * u * (3 - 2 * u)


def drag(rng, events, t, x, y0, y1, duration, still, curve):
    """A finger down at (x, y0), moved to y1 over `duration` along `curve`, held still for
    `still` seconds (moves in place, as a finger's events keep coming), then lifted. Returns the
    time after the lift."""
    events.append({"t": t, "type": "down", "x": x, "y": y0, "touch": True})
    n = max(2, int(duration / STEP))
    for k in range(1, n + 1):
        u = k / n
        events.append({"t": t + u * duration + rng.uniform(-0.002, 0.002) * (k < n),
                       "type": "move", "x": x, "y": y0 + (y1 - y0) * curve(u), "touch": True})
    t += duration
    for k in range(1, int(still / 0.02) + 1):
        events.append({"t": t + 0.02 * k, "type": "move", "x": x, "y": y1, "touch": True})
    t += still + 0.02
    events.append({"t": t, "type": "up", "x": x, "y": y1, "touch": True})
    return t


def gesture(case, content_height):
    """The case's gesture script (a list of events): for each pull, maybe a scroll down and most
    of the way back first, then a pull past the trigger, held or let go while moving."""
    rng = random.Random(case["gesture"]["seed"])
    w, h = case["size"]
    events = []
    t = 0.2 + rng.uniform(0, 0.3)
    for pull in range(case["pulls"]):
        x = round(w / 2 + rng.uniform(-w / 5, w / 5), 1)
        if case["scrollBefore"]:
            room = max(60, min(content_height - h, 420))
            depth = rng.uniform(0.4, 0.9) * room
            y0 = h * rng.uniform(0.7, 0.85)
            t = drag(rng, events, t, x, y0, y0 - depth, rng.uniform(0.3, 0.6), 0.12, ease_in_out)
            t += rng.uniform(0.25, 0.6)
            # Back up by a little less than went down: the pull then starts a few points below
            # the top, as a thumb's does.
            left = rng.uniform(4, 24)
            t = drag(rng, events, t, x, y0 - depth, y0 - left, rng.uniform(0.3, 0.6), 0.12, ease_in_out)
            t += rng.uniform(0.2, 0.5)
        else:
            left = 0
        y0 = rng.uniform(70, 0.3 * h)
        # At least 230 pt past the top: every preset's trigger (smart's 60 pt needs about 165).
        travel = min(max(rng.uniform(170, 380), 230 + left), h - 30 - y0)
        still = rng.choice([0, rng.uniform(0.05, 0.5)])
        t = drag(rng, events, t, x, y0, y0 + travel, rng.uniform(0.25, 0.8), still, ease_out)
        if pull + 1 < case["pulls"]:
            t += case["latency"] + rng.uniform(1.7, 2.4)
    end = t + case["latency"] + rng.uniform(1.8, 2.6)
    events.append({"t": end, "type": "end"})
    for e in events:
        e["t"] = round(e["t"], 4)
        if "y" in e:
            e["y"] = round(e["y"], 2)
    return events


def write_lines(path, rows):
    with open(path, "w") as f:
        for r in rows:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")


# ---------------------------------------------------------------- the truth

# ---------------------------------------------------------------- rendering and degrading

def run(args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw)


def pointer_at(events, t):
    """Where the script's pointer is at time t: between two events, on the line joining them."""
    placed = [e for e in events if "x" in e]
    if t <= placed[0]["t"]:
        return placed[0]["x"], placed[0]["y"]
    for a, b in zip(placed, placed[1:]):
        if a["t"] <= t <= b["t"]:
            u = 0 if b["t"] == a["t"] else (t - a["t"]) / (b["t"] - a["t"])
            return a["x"] + u * (b["x"] - a["x"]), a["y"] + u * (b["y"] - a["y"])
    return placed[-1]["x"], placed[-1]["y"]


def frame_times(case, end):
    """The times the recording shows, before any frame is dropped for not changing."""
    rate = case["rate"]
    rng = random.Random(f"times {case['index']} {case['gesture']['seed']}")
    if rate["kind"] == "fixed":
        f = rate["fps"]
        return [(i + 0.5) / f for i in range(int(end * f))]
    f = rate["base"]
    times = []
    for i in range(int(end * f)):
        if rng.random() < rate["stall"]:
            continue  # the recorder missed a frame
        times.append((i + 0.5 + rng.uniform(-rate["jitter"], rate["jitter"])) / f)
    return times


def lab_flags(case, folder):
    flags = ["--preset", case["preset"], "--size", "%dx%d" % tuple(case["size"]),
             "--latency", str(case["latency"])]
    if case["overshoot"]:
        tuning = os.path.join(folder, "overshoot.json")
        with open(tuning, "w") as f:
            json.dump({"resistanceCurve": "elasticOvershoot", "armedRelease": "family", **case["overshoot"]}, f)
        flags += ["--tuning", tuning]
    if "disc" in case["cursor"]:
        flags.append("--show-touches")
    return flags


def render(lab, case, folder):
    """Renders the case's frames and its 1000 fps trace; degrades them into the recording.
    Returns what the scoring needs (the recording's path, its frame interval, the truth)."""
    os.makedirs(folder, exist_ok=True)
    flags = lab_flags(case, folder)
    w, h = case["size"]
    # A first, cheap headless run: the content's height (for the scroll) and, when rows are
    # replaced, when each collapse runs.
    probe_script = os.path.join(folder, "probe.jsonl")
    write_lines(probe_script, [{"t": 0.05, "type": "end"}])
    probe_trace = os.path.join(folder, "probe.trace.jsonl")
    run([lab, "--headless", "--replay", probe_script, "--fps", "60", "--trace", probe_trace, *flags])
    content = read_lines(probe_trace)[-1]["contentHeight"]
    events = gesture(case, content)
    end = events[-1]["t"]
    script = os.path.join(folder, "gesture.jsonl")
    overlay = case["preset"] == "material"
    if case["replaceRows"]:
        write_lines(script, events)
        trace = os.path.join(folder, "probe2.trace.jsonl")
        run([lab, "--headless", "--replay", script, "--fps", "250", "--trace", trace, *flags])
        rng = random.Random(f"rows {case['index']} {case['gesture']['seed']}")
        extra = []
        for r in refreshes(read_lines(trace), overlay):
            if r["collapseEnd"] is None:
                continue
            # Rows below the first shown one (no anchoring moves the content): some removed and
            # new ones inserted, a third to two thirds of the way through the collapse.
            at = r["collapseStart"] + rng.uniform(0.33, 0.67) * (r["collapseEnd"] - r["collapseStart"])
            first = rng.randint(1, 3)
            extra += [{"t": round(at, 4), "type": "remove", "at": first, "count": rng.randint(1, 4)},
                      {"t": round(at, 4), "type": "insert", "at": first, "count": rng.randint(1, 4)}]
        events = sorted(events[:-1] + extra, key=lambda e: e["t"]) + events[-1:]
    write_lines(script, events)
    times = frame_times(case, end)
    frames = os.path.join(folder, "frames")
    shutil.rmtree(frames, ignore_errors=True)
    os.makedirs(frames)
    shots = []
    for k, t in enumerate(times):
        shots += ["--screenshot", "%.5f:%s/%05d.png" % (t, frames, k)]
    trace = os.path.join(folder, "truth.trace.jsonl")
    # The frames and the truth come from one run at 1000 fps: each screenshot is the frame shown
    # at its time, to the millisecond.
    run([lab, "--headless", "--replay", script, "--fps", "1000", "--trace", trace, *flags, *shots])
    paths = [os.path.join(frames, "%05d.png" % k) for k in range(len(times))]
    if "arrow" in case["cursor"]:
        for path, t in zip(paths, times):
            px, py = pointer_at(events, t)
            polygon = " ".join("%.1f,%.1f" % (px + ax, py + ay) for ax, ay in ARROW)
            # No date chunks: the same picture must be the same bytes, for the dropping below.
            run(["convert", path, "-define", "png:exclude-chunks=date,time", "-fill", "black",
                 "-stroke", "white", "-strokewidth", "1.5", "-draw", "polygon " + polygon, path])
    kept = list(zip(paths, times))
    if case["rate"]["kind"] == "variable":
        # Only the frames that change, as phone recorders keep them.
        kept, last = [], None
        for path, t in zip(paths, times):
            digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
            if digest != last:
                kept.append((path, t))
            last = digest
    delays = [b[1] - a[1] for a, b in zip(kept, kept[1:])]
    interval = 1 / case["rate"]["fps"] if case["rate"]["kind"] == "fixed" else statistics.median(delays)
    listing = os.path.join(folder, "frames.txt")
    with open(listing, "w") as f:
        for (path, _), d in zip(kept, delays + [interval]):
            # Each PNG read at 1000 fps: the demuxer keeps times in its input's time base, which
            # for a picture is 1/25 s unless told.
            f.write("file '%s'\noption framerate 1000\nduration %.6f\n" % (os.path.abspath(path), d))
        # The demuxer drops the last file's duration: the last frame once more.
        f.write("file '%s'\noption framerate 1000\n" % os.path.abspath(kept[-1][0]))
    s = case["scale"]
    sw, sh = 2 * round(w * s / 2), 2 * round(h * s / 2)
    chain = ["scale=%d:%d:flags=%s" % (sw, sh, case["scaleFilter"])]
    if "grain" in case["noise"]:
        chain.append("noise=alls=%d:allf=t:all_seed=%d" % (case["grain"], 1 + case["index"]))
    if case["noise"] == "blur":
        chain.append("gblur=sigma=%s" % case["blur"])
    recording = os.path.join(folder, "recording." + case["container"])
    common = ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", listing]
    if case["container"] == "gif":
        chain.append("split[a][b];[a]palettegen=max_colors=128[p];[b][p]paletteuse=dither=bayer")
        run(common + ["-vf", ",".join(chain), "-fps_mode", "passthrough", recording])
    else:
        crf = case["crf"] if "crf" in case["noise"] else 18
        run(common + ["-vf", ",".join(chain), "-fps_mode", "passthrough", "-c:v", "libx264",
                      "-pix_fmt", "yuv420p", "-crf", str(crf), "-video_track_timescale", "1000",
                      recording])
    truth = refreshes(read_lines(trace), overlay)
    # The clean control: the same script, preset, tuning and rows at 60 fps, one pixel a point,
    # no pointer, no noise, an MP4 at CRF 18 (as the round trip's). Where it fails too, the
    # failure is the gesture's or the motion's, not the degradations'.
    clean = os.path.join(folder, "clean")
    os.makedirs(clean)
    n = int(end * 60)
    shots = []
    for k in range(n):
        shots += ["--screenshot", "%.5f:%s/%05d.png" % ((k + 0.5) / 60, clean, k)]
    run([lab, "--headless", "--replay", script, "--fps", "60",
         *[f for f in flags if f != "--show-touches"], *shots])
    control = os.path.join(folder, "clean.mp4")
    run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-framerate", "60", "-i", clean + "/%05d.png",
         "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", control])
    shutil.rmtree(clean)
    return {"recording": recording, "interval": interval, "frames": len(kept), "truth": truth,
            "size": [sw, sh], "control": control}


# ---------------------------------------------------------------- fitting and scoring

def fit(lab, recording, scale=None):
    """`LAB fit RECORDING --json` under /usr/bin/time -v: (report or None, error, seconds, peak
    RSS in MB)."""
    args = [lab, "fit", recording, "--json"] + (["--scale", str(scale)] if scale else [])
    started = time.monotonic()
    proc = subprocess.Popen(["/usr/bin/time", "-v", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=FIT_LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, f"timed out after {FIT_LIMIT} s", FIT_LIMIT, None
    seconds = time.monotonic() - started
    rss = next((int(l.split(":")[1]) / 1024 for l in err.splitlines()
                if "Maximum resident set size" in l), None)
    said = [l.strip() for l in err.splitlines() if l.startswith(("refresh-lab", "error", "fit")) or
            (l and not l.startswith(("\t", "Command")))]
    if proc.returncode != 0:
        return None, (said or ["exit %d" % proc.returncode])[0], seconds, rss
    try:
        return json.loads(out), None, seconds, rss
    except json.JSONDecodeError:
        return None, "no JSON printed", seconds, rss


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def judge(case, truth, interval, s, report):
    """Which checks the fit passes: fit-corpus.sh's, with release and collapse within
    max(10 %, 1.5 frame intervals) of the truth; `s` is the recording's pixels a point."""
    if report is None:
        return {c: False for c in CHECKS}
    found = report.get("refreshes") or []
    scale = report.get("scale") or 1
    result = {"refreshes": len(found) == len(truth)}
    result["hold"] = all(k < len(found) and found[k].get("hold") is not None
                         and abs(found[k]["hold"] * scale - r["hold"] * s) <= 1.5
                         for k, r in enumerate(truth))
    for check, key in (("release", "releaseDuration"), ("collapse", "collapseDuration")):
        want = mean(r[check] for r in truth)
        got = report.get(key)
        if want is None:
            result[check] = None
        else:
            result[check] = got is not None and abs(got - want) <= max(0.1 * want, 1.5 * interval)
    if case["overshoot"]:
        result["preset"] = (report.get("tuning") or {}).get("resistanceCurve") == "elasticOvershoot"
    else:
        result["preset"] = report.get("closestPreset") == case["preset"]
    return result


def kinds(case):
    """The degradations a case carries, as (dimension, value) pairs, for the breakdown."""
    rate = case["rate"]
    if rate["kind"] == "variable":
        r = "variable"
    else:
        r = "fixed ≤ 10 fps" if rate["fps"] <= 10 else "fixed 15–30 fps" if rate["fps"] <= 30 else "fixed 50–60 fps"
    s = case["scale"]
    return [("scale", "< 0.8" if s < 0.8 else "> 1.2" if s > 1.2 else "0.8–1.2"),
            ("scale given", "yes" if case["giveScale"] else "no"),
            ("frame rate", r), ("noise", case["noise"]), ("cursor", case["cursor"]),
            ("scroll before", "yes" if case["scrollBefore"] else "no"),
            ("pulls", str(case["pulls"])),
            ("rows replaced in collapse", "yes" if case["replaceRows"] else "no"),
            ("overshoot", "yes" if case["overshoot"] else "no"),
            ("preset", case["preset"]), ("container", case["container"])]


def describe(case):
    rate = case["rate"]
    rate = f"{rate['fps']} fps" if rate["kind"] == "fixed" else f"var ~{rate['base']}"
    bits = [case["preset"] + (" + overshoot" if case["overshoot"] else ""), f"×{case['scale']:.2f}"
            + (" (given)" if case["giveScale"] else ""), rate, case["noise"], case["cursor"]]
    if case["pulls"] > 1:
        bits.append(f"{case['pulls']} pulls")
    if case["scrollBefore"]:
        bits.append("scroll")
    if case["replaceRows"]:
        bits.append("rows")
    bits.append(case["container"])
    return ", ".join(bits)


def number(value, digits=3):
    return "–" if value is None else f"{value:.{digits}f}"


def self_test():
    """The generator's own checks, without the lab (a second or so): a seed gives the same cases
    and scripts, the scroll comes back short of the top, frame times rise, and the truth reads a
    made-up trace as it should."""
    assert [choose(7, i) for i in range(40)] == [choose(7, i) for i in range(40)]
    assert [choose(7, i) for i in range(40)] != [choose(8, i) for i in range(40)]
    for i in range(40):
        case = choose(3, i)
        events = gesture(case, 880)
        assert events == gesture(case, 880)
        times = [e["t"] for e in events]
        assert times == sorted(times) and events[-1]["type"] == "end"
        downs = [e for e in events if e["type"] == "down"]
        ups = [e for e in events if e["type"] == "up"]
        assert len(downs) == len(ups) == case["pulls"] * (3 if case["scrollBefore"] else 1)
        if case["scrollBefore"]:
            scroll, back = ups[0]["y"] - downs[0]["y"], ups[1]["y"] - downs[1]["y"]
            assert scroll < 0 < back < -scroll, (scroll, back)
        size = 3 if case["scrollBefore"] else 1
        assert all(ups[k]["y"] - downs[k]["y"] >= 170 for k in range(size - 1, len(ups), size))
        made = frame_times(case, events[-1]["t"])
        assert made == sorted(made) and made[0] > 0
    # A made-up trace at 1000 fps: pulled to 90 pt, let go at 1.0 s, at the 60-pt hold from
    # 1.3 s, leaving it at 2.0 s, at rest at 2.3 s; the 0.5-pt bands take 2.5 ms off each end.
    rows = []
    for k in range(3000):
        t = k / 1000
        x = 90 * t if t < 1 else 90 - 30 * (t - 1) / 0.3 if t < 1.3 else 60 if t < 2 else max(0, 60 - 200 * (t - 2))
        header = "pulling" if t < 1 else "refreshing" if t < 1.8 else "finishing" if t < 2.3 else "idle"
        rows.append({"t": t, "offset": -x, "insetTop": 60 if 1 <= t < 2.3 else 0, "header": header,
                     "dragging": t < 1, "headerTravel": 0})
    (r,) = refreshes(rows, overlay=False)
    assert r["hold"] == 60 and abs(r["release"] - 0.295) < 0.003 and abs(r["collapse"] - 0.296) < 0.003, r
    print("stress.py: self-test passed")


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("lab")
    p.add_argument("outdir")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=24)
    p.add_argument("--doc")
    p.add_argument("--reuse", action="store_true")
    a = p.parse_args()
    lab = os.path.abspath(a.lab)
    os.makedirs(a.outdir, exist_ok=True)
    rows, results = [], []
    for index in range(a.count):
        case = choose(a.seed, index)
        folder = os.path.join(a.outdir, f"seed{a.seed}-{index:03d}")
        stamp = os.path.join(folder, "made.json")
        made = None
        if a.reuse and os.path.exists(stamp):
            old = json.load(open(stamp))
            if old.get("case") == case and "control" in old["made"]:
                made = old["made"]
        if made is None:
            shutil.rmtree(folder, ignore_errors=True)
            try:
                made = render(lab, case, folder)
            except subprocess.CalledProcessError as e:
                sys.exit(f"case {index}: {' '.join(e.cmd[:3])}… failed: {e.stderr.strip()}")
            json.dump({"case": case, "made": made}, open(stamp, "w"), indent=1)
        if len(made["truth"]) != case["pulls"]:
            print(f"case {index}: the trace shows {len(made['truth'])} refreshes for {case['pulls']} pulls",
                  file=sys.stderr)
        truth = made["truth"]
        report, error, seconds, rss = fit(lab, made["recording"], case["scale"] if case["giveScale"] else None)
        checks = judge(case, truth, made["interval"], case["scale"], report)
        ok = all(v is not False for v in checks.values())
        control = fit(lab, made["control"])[0]
        clean = judge(case, truth, 1 / 60, 1, control)
        clean_ok = all(v is not False for v in clean.values())
        clean_cell = "pass" if clean_ok else ", ".join(c for c, v in clean.items() if v is False)
        failed = ", ".join(c for c, v in checks.items() if v is False) or "–"
        if report is None:
            cells = f"{error} | | | | |"
        else:
            scale = report.get("scale") or 1
            holds = " ".join(number(r["hold"] * scale if r.get("hold") is not None else None, 1)
                             for r in report.get("refreshes") or []) or "–"
            named = report.get("closestPreset") or "–"
            if case["overshoot"]:
                named = f"{(report.get('tuning') or {}).get('resistanceCurve') or '–'} ({named})"
            cells = (f"{len(report.get('refreshes') or [])} / {len(truth)} "
                     f"| {holds} / {' '.join(number(r['hold'] * case['scale'], 1) for r in truth)} "
                     f"| {number(report.get('releaseDuration'))} / {number(mean(r['release'] for r in truth))} "
                     f"| {number(report.get('collapseDuration'))} / {number(mean(r['collapse'] for r in truth))} "
                     f"| {named} |")
        row = (f"| {index} | {describe(case)} | {made['frames']} | {cells} "
               f"{seconds:.1f} | {number(rss, 0)} | {failed} | {clean_cell} |")
        rows.append(row)
        print(row, flush=True)
        results.append({"case": case, "truth": truth, "frames": made["frames"], "interval": made["interval"],
                        "checks": checks, "ok": ok, "clean": clean, "cleanOk": clean_ok, "error": error, "seconds": seconds, "peakRSSMB": rss,
                        "report": None if report is None else {k: report.get(k) for k in (
                            "fps", "scale", "hold", "releaseDuration", "collapseDuration", "closestPreset",
                            "residual", "refreshes")}})
    json.dump(results, open(os.path.join(a.outdir, f"results-seed{a.seed}.json"), "w"), indent=1)
    passed = sum(r["ok"] for r in results)
    n = len(results)
    failing = {c: sum(r["checks"][c] is False for r in results) for c in CHECKS}
    clean_passed = sum(r["cleanOk"] for r in results)
    broken = sum(r["cleanOk"] and not r["ok"] for r in results)
    lines = [f"Seed {a.seed}, {n} cases: **{passed} of {n} pass ({100 * passed / max(n, 1):.0f} %)**; "
             "checks failed: " + (", ".join(f"{c} {k}" for c, k in failing.items() if k) or "none") + ". "
             f"Their clean controls: {clean_passed} of {n} pass; {broken} cases fail only once degraded.",
             "", "| case | degradations | frames | refreshes (fit / truth) | held px (fit / truth) "
             "| release s (fit / truth) | collapse s (fit / truth) | named | fit s | peak RSS MB | checks failed "
             "| clean control |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |", *rows, "",
             "By degradation (a case carries several at once, so these overlap; \"control passes\": the "
             "clean control of the same gesture passes, \"broken\": of those, the degraded recording fails):", "",
             "| degradation | cases | pass | control passes | broken | refreshes | hold | release | collapse | preset |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    groups = {}
    for r in results:
        for key in kinds(r["case"]):
            groups.setdefault(key, []).append(r)
    for (dim, value), members in sorted(groups.items()):
        fails = [sum(m["checks"][c] is False for m in members) for c in CHECKS]
        lines.append(f"| {dim}: {value} | {len(members)} | {sum(m['ok'] for m in members)} | "
                     f"{sum(m['cleanOk'] for m in members)} | {sum(m['cleanOk'] and not m['ok'] for m in members)} | "
                     + " | ".join(str(f) for f in fails) + " |")
    times = [r["seconds"] for r in results]
    rss = [r["peakRSSMB"] for r in results if r["peakRSSMB"] is not None]
    lines += ["", f"Fit time: median {statistics.median(times):.1f} s, longest {max(times):.1f} s; "
              f"peak RSS: median {statistics.median(rss) if rss else 0:.0f} MB, largest {max(rss) if rss else 0:.0f} MB."]
    print("\n".join(lines[:1] + lines[len(rows) + 5:]))
    if a.doc:
        text = open(a.doc).read()
        begin, end = "<!-- fit-stress:begin -->", "<!-- fit-stress:end -->"
        head, rest = text.split(begin)
        _, tail = rest.split(end)
        with open(a.doc + ".tmp", "w") as f:
            f.write(head + begin + "\n" + "\n".join(lines) + "\n" + end + tail)
        os.replace(a.doc + ".tmp", a.doc)


if __name__ == "__main__":
    main()
