#!/bin/sh
# Measures every recording of Tests/Fixtures/recordings without the fitter
# (benchmarks/measure-recording.py, or measure-badge.py for a Material badge over a still list:
# ImageMagick, ffmpeg and Python's standard library) into Tests/Fixtures/recordings/measured.json,
# which docs/fit-corpus.md, benchmarks/fit-corpus.sh and FitCorpusTests read.
#   benchmarks/measure-corpus.sh [RECORDING...]   (names as in corpus.json; none: every one)
# Each recording's arguments are its "measure" entry in Tests/Fixtures/recordings/corpus.json:
# the script, TOP (the app bar's bottom edge in recording pixels: the list lies below it) and
# further flags; docs/fit-corpus.md says why each. A recording on disk with no entry, or an
# entry with no recording, stops the script, naming it.
set -eu
cd "$(dirname "$0")/../Tests/Fixtures/recordings"
python3 - "$@" <<'PY'
import json, os, subprocess, sys
corpus = json.load(open("corpus.json"))
on_disk = sorted(
    os.path.join(folder, name) if folder != "." else name
    for folder in (".", "held-out") for name in os.listdir(folder)
    if name.lower().endswith((".gif", ".mp4")))
for name in on_disk:
    if name not in corpus:
        sys.exit(f"benchmarks/measure-corpus.sh: {name} has no entry in corpus.json; add its library and TOP")
for name in corpus:
    if name not in on_disk:
        sys.exit(f"benchmarks/measure-corpus.sh: corpus.json names {name}, which is not in the folder")
only = sys.argv[1:]
for name in only:
    if name not in corpus:
        sys.exit(f"benchmarks/measure-corpus.sh: {name} is not in corpus.json")
measured = {}
for name in on_disk:
    if only and name not in only:
        continue
    entry = corpus[name]["measure"]
    script, top, more = entry["script"], entry["top"], entry.get("arguments", [])
    result = json.loads(subprocess.run(
        ["python3", f"../../../benchmarks/{script}", name, str(top), *more, "--json"],
        capture_output=True, text=True, check=True).stdout)
    # The recording's frames (measure-badge.py's and `--until`'s readings hold fewer).
    if name.lower().endswith(".gif"):
        frames = len(subprocess.run(["identify", "-format", "%T\n", name], capture_output=True, text=True,
                                    check=True).stdout.split())
    else:
        frames = int(subprocess.run(
            ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
             "stream=nb_read_frames", "-of", "csv=p=0", name], capture_output=True, text=True, check=True).stdout)
    measured[name] = {"top": top, "frames": frames, "frameInterval": result["frameInterval"],
                      **({"badge": True} if script == "measure-badge.py" else {}), "refreshes": result["refreshes"]}
    print(name, json.dumps(result["refreshes"]), flush=True)
    # Written after each recording, merged into the file as it is now (another run may have
    # written it meanwhile), keeping only the recordings in corpus.json.
    current = json.load(open("measured.json")) if os.path.exists("measured.json") else {}
    current[name] = measured[name]
    current = {key: value for key, value in current.items() if key in corpus}
    temporary = f"measured.json.{os.getpid()}.tmp"
    with open(temporary, "w") as out:
        json.dump(dict(sorted(current.items())), out, indent=1)
        out.write("\n")
    os.replace(temporary, "measured.json")
PY
