#!/bin/sh
# `make fit-corpus`: runs `refresh-lab fit --json` on every recording of Tests/Fixtures/recordings
# and writes what it finds beside the independent measurements (measured.json) into
# docs/fit-corpus.md, between its "fit-corpus" markers.
#   benchmarks/fit-corpus.sh PATH/TO/refresh-lab
set -eu
app="$1"
root="$(cd "$(dirname "$0")/.." && pwd)"
python3 - "$app" "$root" <<'PY'
import json, os, subprocess, sys
app, root = sys.argv[1], sys.argv[2]
folder = os.path.join(root, "Tests/Fixtures/recordings")
measured = json.load(open(os.path.join(folder, "measured.json")))
def number(value, digits):
    return "–" if value is None else f"{value:.{digits}f}"
lines = [
    "| recording | refreshes (fit / measured) | held px (fit / measured) | release s (fit / measured) "
    "| collapse s (fit / measured) | closest preset | residual (pt RMS) | fit time (s) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
]
for name in sorted(measured):
    m = measured[name]
    run = subprocess.run(["/usr/bin/time", "-f", "%e", app, "fit", os.path.join(folder, name), "--json"],
                         capture_output=True, text=True)
    seconds = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "?"
    if run.returncode != 0:
        lines.append(f"| `{name}` | refused: {run.stderr.strip().splitlines()[0]} | | | | | | {seconds} |")
        continue
    fit = json.loads(run.stdout)
    scale = fit.get("scale") or 1
    def mean(key):
        values = [r[key] for r in m["refreshes"] if r.get(key) is not None]
        return sum(values) / len(values) if values else None
    holds = " ".join(number(r.get("hold") * scale if r.get("hold") is not None else None, 1) for r in fit["refreshes"]) or "–"
    lines.append(
        f"| `{name}` | {len(fit['refreshes'])} / {len(m['refreshes'])} "
        f"| {holds} / {number(mean('hold'), 1)} "
        f"| {number(fit.get('releaseDuration'), 3)} / {number(mean('releaseDuration'), 3)} "
        f"| {number(fit.get('collapseDuration'), 3)} / {number(mean('collapseDuration'), 3)} "
        f"| {fit.get('closestPreset') or '–'} | {number(fit.get('residual'), 2)} | {seconds} |")
document = os.path.join(root, "docs/fit-corpus.md")
text = open(document).read()
begin, end = "<!-- fit-corpus:begin -->", "<!-- fit-corpus:end -->"
head, rest = text.split(begin)
_, tail = rest.split(end)
with open(document + ".tmp", "w") as out:
    out.write(head + begin + "\n" + "\n".join(lines) + "\n" + end + tail)
os.replace(document + ".tmp", document)
print("\n".join(lines))
PY
