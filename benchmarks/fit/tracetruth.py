"""The refreshes of a run as the lab's own trace shows them, read one way for every script that
holds a fit to a trace (capture-truth.py, capture-check.py, stress.py): each refresh's hold, its
release (from the first frame after the finger lifts until within 0.5 pt of the hold for good)
and its collapse (from the last frame within 0.5 pt of the hold until within 0.5 pt of rest)."""
import json

TOL = 0.5


def read_lines(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def refreshes(rows, overlay=False):
    """Each refresh of a trace as capture-truth.py reads it: its hold (points), its release (from
    the first frame after the finger lifts until within 0.5 pt of the hold for good), its collapse
    (from the last frame within 0.5 pt of the hold until within 0.5 pt of rest), and the times of
    the collapse. For an overlay header (material) the badge's travel stands for the offset."""
    x = [r.get("headerTravel") or 0 for r in rows] if overlay else [-r["offset"] for r in rows]
    out = []
    i = 0
    while i < len(rows):
        if rows[i]["header"] != "refreshing":
            i += 1
            continue
        j = i
        while j < len(rows) and rows[j]["header"] in ("refreshing", "finishing"):
            j += 1
        if overlay:
            hold = x[max(k for k in range(i, j) if rows[k]["header"] == "refreshing")]
        else:
            hold = max(r["insetTop"] for r in rows[i:j])
        lift = max(k for k in range(0, i + 1) if rows[k]["dragging"]) + 1
        end_hold = max((k for k in range(i, j) if abs(x[k] - hold) <= TOL), default=None)
        if end_hold is None:
            i = j
            continue
        settle = next((k for k in range(end_hold, lift - 1, -1) if abs(x[k] - hold) > TOL), lift - 1) + 1
        rest = next((k for k in range(end_hold, len(rows)) if x[k] <= TOL), None)
        out.append({"hold": hold, "release": rows[settle]["t"] - rows[lift]["t"],
                    "collapse": None if rest is None else rows[rest]["t"] - rows[end_hold]["t"],
                    "collapseStart": rows[end_hold]["t"],
                    "collapseEnd": None if rest is None else rows[rest]["t"]})
        i = j
    return out
