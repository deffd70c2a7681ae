#!/usr/bin/env python3
"""Calibration of the confirmatory campaign's plan (data/confirm/plan.json) from the campaigns taken before it.

Standard library only; reads the committed ledgers and events files and prints one JSON object whose numbers the plan
copies into its "calibration" and "predictions" sections. Run from the archive's top folder:

    python3 src/main/python/confirm_calibration.py

Every number below is computed from data/ as committed before the confirmatory plan (commit of the plan); nothing is
read from the confirmatory campaign itself.

Definitions (the plan restates them):
- flight pool: wall-clock flights L = recv_us - send_us (whole microseconds) of every delivered event of the ok runs at
  default priority, shared geometry, no background load, acks 1, send interval 1 ms, broker on every core, in
  campaigns modeA, isolation and fifojvm (the confirmatory campaign's base condition, measured before).
- guard retention of a send with intended phase phi (us in [0, 1000)) and clock offset d (us, producer ahead):
  kept iff M = floor((phi + L) / 1000) - floor((phi + d) / 1000) > 0 (for phi, d measured in one millisecond frame;
  the exact floor form of the guard M = recv_ms - create_ms); one-tick negative iff M = -1.
- predicted retention of a schedule: the mean over one cycle of intended phases phi_k = (p0 + k s) mod 1000 of the
  pool's share of kept sends (the grid law applied to the pool, no fit).
- between-run spread: the sample standard deviation (n - 1) of per-run guard retention within each condition of modeB
  with b >= 2 (ledger omb_retention), and its largest value over those conditions.
- block-level spread of a log rate ratio: the sample standard deviation of ln(rate_X / rate_Y) over pairs of runs,
  pairing the runs of the two conditions by repeat number, in the existing campaigns named per contrast below.
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
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", newline="") as f:
        lines = (l for l in f if not l.startswith("#"))
        yield from csv.DictReader(lines)


def base_like(row):
    return (row.get("priority", "default") == "default" and row.get("geometry") == "shared"
            and row.get("load_pct", "0") in ("0", "0.0") and row.get("acks", "1") == "1"
            and row.get("send_interval_ns") == "1000000" and row.get("broker_cpus", "all") in ("all", "0-1", "")
            and row.get("clock_offset_us", "0") in ("0", ""))


def pool():
    flights, runs, medians_d = [], 0, []
    for campaign in ("modeA", "isolation", "fifojvm"):
        for row in ledger(campaign):
            if not base_like(row):
                continue
            runs += 1
            ds = []
            for e in events(campaign, row):
                if e["recv_us"] and e["send_us"]:
                    flights.append(int(e["recv_us"]) - int(e["send_us"]))
                if e["ack_ns"] and e["send_ns"]:
                    ds.append(int(e["ack_ns"]) - int(e["send_ns"]))
            if ds:
                medians_d.append(statistics.median(ds))
    flights.sort()
    return flights, runs, medians_d


def share_at_least(sorted_flights, x):
    """Share of the pool with L >= x (bisect by hand, standard library only)."""
    import bisect
    return (len(sorted_flights) - bisect.bisect_left(sorted_flights, x)) / len(sorted_flights)


def share_below(sorted_flights, x):
    import bisect
    return bisect.bisect_left(sorted_flights, x) / len(sorted_flights)


def phases(interval_us, start_phase_us):
    frac = Fraction(interval_us, Q)
    b = frac.denominator
    return [(start_phase_us + k * interval_us) % Q for k in range(b)], frac


def kept_share(flights, phi, offset_us):
    # kept iff floor((phi + L)/Q) - floor((phi + d)/Q) >= 1, i.e. L >= Q * (floor((phi + d)/Q) + 1) - phi
    need = Q * (math.floor((phi + offset_us) / Q) + 1) - phi
    return share_at_least(flights, need)


def one_tick_share(flights, phi, offset_us):
    # M = -1 iff floor((phi + L)/Q) = floor((phi + d)/Q) - 1, i.e. Q*(c-1) - phi <= L < Q*c - phi with c = floor((phi+d)/Q)
    c = math.floor((phi + offset_us) / Q)
    lo, hi = Q * (c - 1) - phi, Q * c - phi
    return share_below(flights, hi) - share_below(flights, lo)


def predict(flights, interval_us, start_phase_us, offset_us=0):
    ph, frac = phases(interval_us, start_phase_us)
    kept = statistics.fmean(kept_share(flights, p, offset_us) for p in ph)
    tick = statistics.fmean(one_tick_share(flights, p, offset_us) for p in ph)
    return {"interval_us": interval_us, "start_phase_us": start_phase_us, "clock_offset_us": offset_us,
            "a": frac.numerator, "b": frac.denominator, "retention": round(kept, 4), "one_tick_share": round(tick, 4)}


def between_run_sd():
    by = {}
    for row in ledger("modeB"):
        s = int(row["send_interval_ns"]) // 1000
        if Fraction(s, Q).denominator < 2 or row["send_interval_ns"] == "" or not row["omb_retention"]:
            continue
        by.setdefault(row["condition"], []).append(float(row["omb_retention"]))
    sds = {c: statistics.stdev(v) for c, v in by.items() if len(v) >= 2}
    return sds


def paired_log_ratio_sd(campaign, num, den, rate):
    rows = ledger(campaign)
    a = {r["repeat"]: rate(r) for r in rows if num(r)}
    b = {r["repeat"]: rate(r) for r in rows if den(r)}
    logs = [math.log(a[k] / b[k]) for k in a if k in b and a[k] > 0 and b[k] > 0]
    return (statistics.stdev(logs), len(logs), math.exp(statistics.fmean(logs))) if len(logs) >= 2 else (float("nan"), len(logs), float("nan"))


def neg_rate(r):
    return int(r["ack_negative"]) / int(r["events_complete"]) if int(r["events_complete"]) else float("nan")


def main():
    flights, runs, medians_d = pool()
    out = {"pool": {"runs": runs, "events": len(flights), "median_flight_us": statistics.median(flights),
                    "median_of_run_median_D_us": round(statistics.median(medians_d) / 1000, 1)}}
    out["predictions"] = {
        "base": predict(flights, 1000, 200),
        "si750us": predict(flights, 750, 100),
        "si1001us": predict(flights, 1001, 100),
        "si1500us": predict(flights, 1500, 100),
        "off700": predict(flights, 1000, 500, 700),
    }
    sds = between_run_sd()
    out["between_run_sd_modeB_b_ge_2"] = {c: round(v, 4) for c, v in sorted(sds.items())}
    out["between_run_sd_max"] = round(max(sds.values()), 4)
    iso = lambda pr, cpu, load: (lambda r: r["priority"] == pr and r["broker_cpus"] in cpu and r["load_pct"].startswith(load))
    contrasts = {
        "collapse_threads_isolation_bcpuall_load0": paired_log_ratio_sd(
            "isolation", iso("default", ("all", "0-1"), "0"), iso("fifo", ("all", "0-1"), "0"), neg_rate),
        "collapse_jvm_fifojvm_bcpuall_load0": paired_log_ratio_sd(
            "fifojvm", lambda r: r["condition"] == "default-bcpuall-load0", lambda r: r["condition"] == "fifojvm-bcpuall-load0", neg_rate),
        "load_isolation_default_bcpuall": paired_log_ratio_sd(
            "isolation", iso("default", ("all", "0-1"), "9"), iso("default", ("all", "0-1"), "0"), neg_rate),
        "geometry_modeA_default_load0_acks1_si1ms": paired_log_ratio_sd(
            "modeA", lambda r: r["condition"] == "default-shared-load0-acks1-si1ms",
            lambda r: r["condition"] == "default-split-load0-acks1-si1ms", neg_rate),
    }
    out["log_ratio_sd"] = {k: {"sd": round(v[0], 3), "pairs": v[1], "geometric_mean_ratio": round(v[2], 3)}
                           for k, v in contrasts.items()}
    out["smooth_limit"] = predict(flights, 1001, 100)["retention"]
    json.dump(out, sys.stdout, indent=2, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
