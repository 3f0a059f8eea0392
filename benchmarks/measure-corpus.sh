#!/bin/sh
# Measures every recording of Tests/Fixtures/recordings without the fitter
# (benchmarks/measure-recording.py, or measure-badge.py for a Material badge over a still list:
# ImageMagick and Python's standard library) into Tests/Fixtures/recordings/measured.json, which
# docs/fit-corpus.md and FitCorpusTests read. Each recording's arguments are below: TOP is the
# app bar's bottom edge in recording pixels (the list lies below it); docs/fit-corpus.md says why
# each flag. A recording with no entry stops the script, naming it.
set -eu
cd "$(dirname "$0")/../Tests/Fixtures/recordings"
python3 - "$@" <<'PY'
import json, os, subprocess, sys
# name prefix or name → (script, TOP, further arguments)
arguments = {
    "smartrefreshlayout-": ("measure-recording.py", 55, []),
    "smartrefreshlayout-beziercircle.gif": ("measure-recording.py", 66, []),
    # A collapsing app bar, expanded: the list starts below it.
    "smartrefreshlayout-taurus.gif": ("measure-recording.py", 168, []),
    "mjrefresh-": ("measure-recording.py", 66, []),
    "flutter-pulltorefresh-classic-follow.gif": ("measure-recording.py", 104, ["--forward"]),
    "flutter-pulltorefresh-refreshstyle1.gif": ("measure-recording.py", 4, ["--most=200"]),
    "easyrefresh-bezier-hourglass.gif": ("measure-recording.py", 176, ["--most=320"]),
    "easyrefresh-manual-control.gif": ("measure-recording.py", 176, []),
    "easyrefresh-material.gif": ("measure-badge.py", 172, ["290", "430", "--reference=79", "--until=4.0"]),
}
only = sys.argv[1:]
measured = {}
if os.path.exists("measured.json"):
    measured = json.load(open("measured.json"))
for name in sorted(os.listdir(".")):
    if not name.endswith(".gif") or (only and name not in only):
        continue
    entry = arguments.get(name) or next((v for k, v in arguments.items() if name.startswith(k) and k.endswith("-")), None)
    if entry is None:
        sys.exit(f"benchmarks/measure-corpus.sh: {name} has no arguments; add its TOP to the table")
    script, top, more = entry
    result = json.loads(subprocess.run(
        ["python3", f"../../../benchmarks/{script}", name, str(top), *more, "--json"],
        capture_output=True, text=True, check=True).stdout)
    # The GIF's frames (measure-badge.py's `--until` reads fewer).
    frames = len(subprocess.run(["identify", "-format", "%T\n", name], capture_output=True, text=True,
                                check=True).stdout.split())
    measured[name] = {"top": top, "frames": frames, "frameInterval": result["frameInterval"],
                      **({"badge": True} if script == "measure-badge.py" else {}), "refreshes": result["refreshes"]}
    print(name, json.dumps(result["refreshes"]), flush=True)
with open("measured.json.tmp", "w") as out:
    json.dump(dict(sorted(measured.items())), out, indent=1)
    out.write("\n")
os.replace("measured.json.tmp", "measured.json")
PY
