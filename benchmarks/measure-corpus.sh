#!/bin/sh
# Measures every recording of Tests/Fixtures/recordings without the fitter
# (benchmarks/measure-recording.py: ImageMagick and Python's standard library) into
# Tests/Fixtures/recordings/measured.json, which docs/fit-corpus.md and FitCorpusTests read.
# TOP is each recording's app bar bottom edge, recording pixels: the list lies below it.
set -eu
cd "$(dirname "$0")/../Tests/Fixtures/recordings"
python3 - <<'PY'
import json, subprocess
tops = {"smartrefreshlayout": 55, "mjrefresh": 66}
measured = {}
for name in sorted(__import__("os").listdir(".")):
    if not name.endswith(".gif"):
        continue
    top = tops[name.split("-")[0]]
    result = json.loads(subprocess.run(
        ["python3", "../../../benchmarks/measure-recording.py", name, str(top), "--json"],
        capture_output=True, text=True, check=True).stdout)
    measured[name] = {"top": top, **result}
with open("measured.json.tmp", "w") as out:
    json.dump(measured, out, indent=1)
    out.write("\n")
__import__("os").replace("measured.json.tmp", "measured.json")
PY
