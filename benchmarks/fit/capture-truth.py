#!/usr/bin/env python3
"""The refreshes of a capture (capture.sh) as the app's own trace shows them, as JSON: each
refresh's hold (the trace's insetTop), release (from the first frame after the pointer lifts
until within 0.5 pt of the hold for good) and collapse (from the last frame within 0.5 pt of the
hold until within 0.5 pt of rest). Tests/Fixtures/captures/*.truth.json are made by it.
usage: capture-truth.py TRACE > TRUTH.json"""
import json, sys

TOL = 0.5
rows = [json.loads(l) for l in open(sys.argv[1])]
x = [-r["offset"] for r in rows]
out = []
i = 0
while i < len(rows):
    if rows[i]["header"] != "refreshing":
        i += 1
        continue
    j = i
    while j < len(rows) and rows[j]["header"] in ("refreshing", "finishing"):
        j += 1
    hold = max(r["insetTop"] for r in rows[i:j])
    lift = max(k for k in range(0, i + 1) if rows[k]["dragging"]) + 1
    end_hold = max(k for k in range(i, j) if abs(x[k] - hold) <= TOL)
    settle = next(k for k in range(end_hold, lift - 1, -1) if abs(x[k] - hold) > TOL) + 1
    rest = next((k for k in range(end_hold, len(rows)) if x[k] <= TOL), len(rows) - 1)
    out.append({"hold": round(hold, 3), "release": round(rows[settle]["t"] - rows[lift]["t"], 4),
                "collapse": round(rows[rest]["t"] - rows[end_hold]["t"], 4)})
    i = j
print(json.dumps({"refreshes": out}, indent=1))
