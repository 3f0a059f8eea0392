#!/usr/bin/env python3
"""The refreshes of a capture (capture.sh) as the app's own trace shows them, as JSON: each
refresh's hold (the trace's insetTop), release (from the first frame after the pointer lifts
until within 0.5 pt of the hold for good) and collapse (from the last frame within 0.5 pt of the
hold until within 0.5 pt of rest), read by tracetruth.py. Tests/Fixtures/captures/*.truth.json
are made by it.
usage: capture-truth.py TRACE > TRUTH.json"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tracetruth import read_lines, refreshes  # noqa: E402

out = [{"hold": round(r["hold"], 3), "release": round(r["release"], 4), "collapse": round(r["collapse"], 4)}
       for r in refreshes(read_lines(sys.argv[1]))]
print(json.dumps({"refreshes": out}, indent=1))
