#!/usr/bin/env python3
# `make fit-dev`: the development set, demos of other libraries outside the corpus and the
# held-out set (benchmarks/fit/devset.json: where each was published, at which commit, its
# licence and hash, and what its frames show read by eye: how many refreshes, the hold in
# recording pixels). The recordings are not committed; fetch them into DIR as PLATFORM/FILE
# (the hash is checked). Each is fitted (`refresh-lab fit FILE --json`, at most 120 s) and
# passes when it finds as many refreshes as shown and holds within 2 px or 2 % of the hold.
# Where an entry names "presets" (its library's own, by docs/fit-corpus.md's rule: MJRefresh's,
# CRRefresh's, PullToRefreshKit's and IQPullToRefresh's one of mjrefresh, ios or ego;
# SmartRefreshLayout's smart; flutter_pulltorefresh's flutter; EasyRefresh 1.x's smart or
# mjrefresh), the closest preset the fit names is counted apart, on the recordings that pass.
# Used to find what the fitter gets wrong on recordings it was not built with, never to score
# the corpus line (docs/fit-corpus.md).
#   benchmarks/fit/devset.py PATH/TO/refresh-lab DIR
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys

if len(sys.argv) != 3:
    sys.exit("usage: benchmarks/fit/devset.py PATH/TO/refresh-lab DIR")
lab, folder = sys.argv[1], sys.argv[2]
entries = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "devset.json")))


def fit(entry):
    path = os.path.join(folder, entry["platform"], entry["file"])
    if not os.path.isfile(path):
        return entry, "missing", None, None, None
    if hashlib.sha256(open(path, "rb").read()).hexdigest() != entry["sha256"]:
        return entry, "another file (hash differs)", None, None, None
    try:
        out = subprocess.run([lab, "fit", path, "--json"], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return entry, "over 120 s", None, None, None
    if out.returncode != 0:
        return entry, (out.stderr.strip().splitlines() or ["failed"])[-1], None, None, None
    report = json.loads(out.stdout)
    refreshes = report.get("refreshes", [])
    holds = [r["hold"] for r in refreshes]
    return entry, None, len(refreshes), (sum(holds) / len(holds) if holds else None), report.get("closestPreset")


passed = counted = named = named_right = 0
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    for entry, problem, found, hold, preset in pool.map(fit, entries):
        name = f"{entry['platform']}/{entry['file']}"
        if problem:
            print(f"{name:45} not scored: {problem}")
            continue
        counted += 1
        shown = entry["hold"]
        ok = found == entry["refreshes"] and (
            shown is None or (hold is not None and abs(hold - shown) <= max(2, 0.02 * shown)))
        passed += ok
        held = "–" if hold is None else f"{hold:.1f}"
        presets = entry.get("presets")
        said = ""
        if presets:
            said = f", preset {preset or '–'} ({' or '.join(presets)})"
            if ok:
                named += 1
                named_right += preset in presets
        print(f"{name:45} {'passes' if ok else 'FAILS '} refreshes {found} / {entry['refreshes']}, "
              f"hold {held} / {shown if shown is not None else '–'}{said}")
print(f"development set: {passed} of {counted} pass ({len(entries) - counted} not scored); "
      f"the library's preset named in {named_right} of the {named} passing that name one")
