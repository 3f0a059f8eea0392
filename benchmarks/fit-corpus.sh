#!/bin/sh
# `make fit-corpus`: runs `refresh-lab fit --json` on every recording of Tests/Fixtures/recordings,
# holds each fit to the independent measurements (measured.json) by the checks of
# docs/fit-corpus.md, and writes two scores into docs/fit-corpus.md between its "fit-corpus"
# markers: the share of recordings passing every check in the held-out set (held-out/, never
# used for tuning) and in the rest, with a row per recording of the rest. The held-out rows are
# printed only with --show-held-out (to standard output, never into the document), so that
# nobody tunes the fitter to them.
#   benchmarks/fit-corpus.sh PATH/TO/refresh-lab [--show-held-out]
#
# The checks, per recording (docs/fit-corpus.md argues the tolerances):
#   refreshes  as many refreshes found as measured
#   hold       each refresh's held height within 1.5 recording pixels of the measured one
#   release    the release duration within 1.5 frame intervals of the measured (their averages)
#   collapse   the collapse duration likewise (not checked where the recording ends before rest)
#   preset     the closest preset one of corpus.json's "presets" (not checked where it names none)
# A fit that exits non-zero, prints no JSON or runs past 120 s fails every check.
set -eu
app="$1"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
python3 - "$app" "$root" "$@" <<'PY'
import json, os, subprocess, sys, time
app, root = sys.argv[1], sys.argv[2]
show_held_out = "--show-held-out" in sys.argv[3:]
folder = os.path.join(root, "Tests/Fixtures/recordings")
measured = json.load(open(os.path.join(folder, "measured.json")))
corpus = json.load(open(os.path.join(folder, "corpus.json")))
missing = sorted(set(corpus) ^ set(measured))
if missing:
    sys.exit(f"benchmarks/fit-corpus.sh: corpus.json and measured.json differ on {', '.join(missing)}; "
             "run benchmarks/measure-corpus.sh")
CHECKS = ("refreshes", "hold", "release", "collapse", "preset")
LIMIT = 120


def number(value, digits):
    return "–" if value is None else f"{value:.{digits}f}"


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def fit(name):
    """The fit's report (or None) and its wall time in seconds."""
    started = time.monotonic()
    try:
        run = subprocess.run([app, "fit", os.path.join(folder, name), "--json"],
                             capture_output=True, text=True, timeout=LIMIT)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {LIMIT} s", LIMIT
    seconds = time.monotonic() - started
    if run.returncode != 0:
        return None, (run.stderr.strip().splitlines() or ["exit %d" % run.returncode])[0], seconds
    try:
        return json.loads(run.stdout), None, seconds
    except json.JSONDecodeError:
        return None, "no JSON printed", seconds


def judge(name, report):
    """Which checks the fit passes (check → True, False, or None where it does not apply)."""
    m, expected = measured[name], corpus[name]
    if report is None:
        return {check: False for check in CHECKS}
    tolerance = 1.5 * m["frameInterval"]
    found = report.get("refreshes") or []
    scale = report.get("scale") or 1
    result = {"refreshes": len(found) == len(m["refreshes"])}
    holds = [r.get("hold") for r in found]
    result["hold"] = all(
        k < len(holds) and holds[k] is not None and abs(holds[k] * scale - r["hold"]) <= 1.5
        for k, r in enumerate(m["refreshes"]))
    for check, key in (("release", "releaseDuration"), ("collapse", "collapseDuration")):
        want = mean(r.get(key) for r in m["refreshes"])
        got = report.get(key)
        result[check] = None if want is None else (got is not None and abs(got - want) <= tolerance)
    presets = expected.get("presets")
    result["preset"] = None if not presets else report.get("closestPreset") in presets
    return result


rows = {True: [], False: []}
passed = {True: 0, False: 0}
failures = {True: {c: 0 for c in CHECKS}, False: {c: 0 for c in CHECKS}}
for name in sorted(measured):
    held_out = name.startswith("held-out/")
    m = measured[name]
    report, refused, seconds = fit(name)
    checks = judge(name, report)
    ok = all(v is not False for v in checks.values())
    passed[held_out] += ok
    for check, value in checks.items():
        failures[held_out][check] += value is False
    failed = ", ".join(c for c, v in checks.items() if v is False) or "–"
    if report is None:
        row = f"| `{name}` | {refused} | | | | | | {seconds:.2f} | {failed} |"
    else:
        scale = report.get("scale") or 1
        holds = " ".join(number(r.get("hold") * scale if r.get("hold") is not None else None, 1)
                         for r in report["refreshes"]) or "–"
        row = (f"| `{name}` | {len(report['refreshes'])} / {len(m['refreshes'])} "
               f"| {holds} / {' '.join(number(r['hold'], 1) for r in m['refreshes']) or '–'} "
               f"| {number(report.get('releaseDuration'), 3)} / {number(mean(r.get('releaseDuration') for r in m['refreshes']), 3)} "
               f"| {number(report.get('collapseDuration'), 3)} / {number(mean(r.get('collapseDuration') for r in m['refreshes']), 3)} "
               f"| {report.get('closestPreset') or '–'} ({'/'.join(corpus[name].get('presets') or ['any'])}) "
               f"| {number(report.get('residual'), 2)} | {seconds:.2f} | {failed} |")
    rows[held_out].append(row)
    print(row if not held_out or show_held_out else f"| held-out recording | {'passes' if ok else 'fails'} |",
          flush=True)

count = {k: len(v) for k, v in rows.items()}


def score(held_out):
    n = count[held_out]
    share = 100 * passed[held_out] / n if n else 0
    failing = ", ".join(f"{c} {failures[held_out][c]}" for c in CHECKS if failures[held_out][c]) or "none"
    return f"{passed[held_out]} of {n} ({share:.0f} %); checks failed: {failing}"


lines = [
    f"- **Held-out set** (`held-out/`, never used for tuning): {score(True)}.",
    f"- **The rest**: {score(False)}.",
    "",
    "| recording | refreshes (fit / measured) | held px (fit / measured) | release s (fit / measured) "
    "| collapse s (fit / measured) | closest preset (expected) | residual (pt RMS) | fit time (s) | checks failed |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    *rows[False],
]
document = os.path.join(root, "docs/fit-corpus.md")
text = open(document).read()
begin, end = "<!-- fit-corpus:begin -->", "<!-- fit-corpus:end -->"
head, rest = text.split(begin)
_, tail = rest.split(end)
with open(document + ".tmp", "w") as out:
    out.write(head + begin + "\n" + "\n".join(lines) + "\n" + end + tail)
os.replace(document + ".tmp", document)
print("\n".join(lines[:2]))
PY
