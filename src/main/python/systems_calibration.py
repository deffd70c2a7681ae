#!/usr/bin/env python3
"""Calibration of the other-system campaigns' plans (data/rabbitmq/plan.json, data/nats/plan.json) from their pilots.

Standard library only; reads the committed pilot campaign data/<system>-pilot (ledger and events files) and prints one
JSON object whose numbers the plan copies into its "calibration" and "predictions" sections. Run from the archive's top
folder:

    python3 src/main/python/systems_calibration.py rabbitmq
    python3 src/main/python/systems_calibration.py nats

Nothing is read from the campaign the plan registers (it does not exist yet when the plan is written).

Definitions (the plan restates them):
- flight pool of a condition: the wall-clock flights L = recv_us - send_us (whole microseconds) of every delivered
  event of the pilot's ok runs of that condition (both blocks).
- guard: OpenMessaging Benchmark's positivity guard on the millisecond send stamp the body carries, M = floor(recv_us /
  1000) - create_ms, kept iff M > 0. A send with intended phase phi (us in [0, 1000)) and flight L is predicted kept iff
  floor((phi + L) / 1000) > 0 (the grid law: the send stamp's millisecond is the intended phase's, no fit).
- predicted retention of a condition: the mean over one cycle of its intended phases phi_k = (p0 + k s) mod 1000,
  k = 0 .. b - 1 (s / 1000 = a / b in lowest terms, p0 = start_phase_us), of the condition's pool's share of kept sends.
- smooth limit: E[min(L, 1000)] / 1000 over the pooled flights of every condition, the retention of a schedule whose
  phases cover the millisecond evenly (b large), one number for every interval: the no-grid baseline.
- pilot residual of a run: its observed guard retention (ledger omb_retention) minus its condition's predicted
  retention; rms: the square root of the mean of the squared residuals over the pilot's ok runs.
- tolerance: max(0.05, 2 * rms / sqrt(5) + 0.05), rounded up to 0.01: two standard errors of a 5-block mean if the
  residuals were the between-block spread, plus 0.05 for what two pilot blocks cannot show (a third server start).
- negative rate of a run: events with A = recv_ns - ack_ns < 0 over events with all three monotonic stamps; the
  pilot's mean per condition.
- median flight and displacement of a run: type-7 medians of T = recv_ns - send_ns and D = ack_ns - send_ns over
  complete events, microseconds; the pilot's mean per condition.
"""
import csv
import gzip
import json
import math
import os
import statistics
import sys
from fractions import Fraction

ROOT = "data"
Q = 1000  # us, the millisecond quantum


def ledger(campaign):
    with open(os.path.join(ROOT, campaign, "ledger.csv"), newline="") as f:
        return [r for r in csv.DictReader(f) if r["status"] == "ok"]


def events(campaign, row):
    path = os.path.join(ROOT, campaign, row["events_file"])
    with gzip.open(path, "rt", newline="") as f:
        yield from csv.DictReader(l for l in f if not l.startswith("#"))


def type7(sorted_values, p):
    h = (len(sorted_values) - 1) * p
    lo = math.floor(h)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (h - lo) * (sorted_values[hi] - sorted_values[lo])


def phases(interval_us, p0):
    b = Fraction(interval_us, Q).denominator
    return [(p0 + k * interval_us) % Q for k in range(b)]


def predicted(pool, interval_us, p0):
    counts = {}
    for l in pool:
        counts[l] = counts.get(l, 0) + 1
    shares = []
    for phi in phases(interval_us, p0):
        kept = sum(n for l, n in counts.items() if (phi + l) // Q > 0)
        shares.append(kept / len(pool))
    return sum(shares) / len(shares)


def main(system):
    pilot = system + "-pilot"
    plan = json.load(open(os.path.join(ROOT, pilot, "plan.json")))
    rows = ledger(pilot)
    conditions = [c["name"] for c in plan["conditions"]]
    pools = {c: [] for c in conditions}
    per_run = []
    for r in rows:
        t, d, neg, complete = [], [], 0, 0
        for e in events(pilot, r):
            if e["recv_us"] != "":
                pools[r["condition"]].append(int(e["recv_us"]) - int(e["send_us"]))
            if e["ack_ns"] != "" and e["recv_ns"] != "":
                complete += 1
                s, a, v = int(e["send_ns"]), int(e["ack_ns"]), int(e["recv_ns"])
                t.append(v - s)
                d.append(a - s)
                neg += v - a < 0
        t.sort()
        d.sort()
        per_run.append({"run": r["run_id"], "condition": r["condition"], "block": r["block"],
                        "retention": float(r["omb_retention"]), "negative_rate": neg / complete,
                        "median_t_us": type7(t, 0.5) / 1e3, "median_d_us": type7(d, 0.5) / 1e3,
                        "first_send_phase_us": int(r["first_send_phase_us"])})
    out = {"system": system, "pilot": pilot, "pilot_runs": len(rows), "conditions": {}}
    everything = [l for c in conditions for l in pools[c]]
    out["smooth_limit"] = round(sum(min(max(l, 0), Q) for l in everything) / len(everything) / Q, 4)
    residuals = []
    for c in plan["conditions"]:
        name = c["name"]
        interval_us = int(c["send_interval"].removesuffix("us")) if c["send_interval"].endswith("us") else \
            1000 * int(c["send_interval"].removesuffix("ms"))
        pool = sorted(pools[name])
        pred = predicted(pool, interval_us, c["start_phase_us"])
        runs = [x for x in per_run if x["condition"] == name]
        residuals += [x["retention"] - pred for x in runs]
        out["conditions"][name] = {
            "interval_us": interval_us, "start_phase_us": c["start_phase_us"],
            "phases_us": phases(interval_us, c["start_phase_us"]),
            "pool_flights": len(pool), "pool_median_us": type7(pool, 0.5),
            "predicted_retention": round(pred, 4),
            "pilot_retention": [round(x["retention"], 4) for x in runs],
            "pilot_negative_rate": [round(x["negative_rate"], 4) for x in runs],
            "pilot_median_t_us": [round(x["median_t_us"], 1) for x in runs],
            "pilot_median_d_us": [round(x["median_d_us"], 1) for x in runs],
            "pilot_first_send_phase_us": [x["first_send_phase_us"] for x in runs],
        }
    rms = math.sqrt(sum(r * r for r in residuals) / len(residuals))
    out["pilot_residual_rms"] = round(rms, 4)
    out["tolerance"] = math.ceil(max(0.05, 2 * rms / math.sqrt(5) + 0.05) * 100) / 100
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("rabbitmq", "nats"):
        sys.exit("usage: systems_calibration.py rabbitmq|nats")
    main(sys.argv[1])
