#!/usr/bin/env python3
"""Writes the synthetic campaign folder user-campaign/ (not a measurement): what a practitioner's own campaign folder
looks like to `ftl report --html`. Deterministic (a fixed seed); run from this folder to regenerate it."""
import hashlib, os, random

rng = random.Random(56)
HEADER = ("# Synthetic fixture (not a measurement), written by make-user-campaign.py: a user's campaign folder for\n"
          "# ftl report --html. Run {run} of condition {cond}: {n} events, 500 us sends; {what}.\n")
CONDS = [("acks1", 3, 0.0), ("acksall", 2, 0.25)]  # name, runs, share of events whose delivery precedes the ack
os.makedirs("user-campaign/events", exist_ok=True)
rows = []
run = 0
for cond, runs, inverted in CONDS:
    for _ in range(runs):
        run += 1
        rid = "u%02d" % run
        n = 150 + 25 * run
        lines = [HEADER.format(run=rid, cond=cond, n=n, what="about a quarter with A < 0" if inverted else "A > 0"),
                 "seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms\n"]
        t0 = 5_000_000_000 + run * 10_000_000_000
        wall0 = 1_760_000_000_000_000 + run * 10_000_000
        for i in range(n):
            send = t0 + i * 500_000 + rng.randrange(0, 20_000)
            flight = int(rng.lognormvariate(13.0, 0.6))  # median about 440 us, a long tail
            disp = int(rng.uniform(0.2, 0.6) * flight)
            if rng.random() < inverted:
                disp = flight + rng.randrange(1_000, 60_000)  # the ack after the delivery: A < 0
            send_us = wall0 + (send - t0) // 1000
            recv_us = send_us + flight // 1000
            lines.append("%d,%d,%d,%d,%d,%d,%d\n" % (i, send, send + disp, send + flight, send_us, recv_us, send_us // 1000))
        data = "".join(lines).encode()
        with open("user-campaign/events/%s.csv" % rid, "wb") as f:
            f.write(data)
        rows.append(",".join([rid, cond, "ok", "events/%s.csv" % rid, hashlib.sha256(data).hexdigest(), "500000",
                              "%.1f" % rng.uniform(0, 3), "%.1f" % rng.uniform(0, 6), str(rng.randrange(20_000, 90_000)),
                              str(rng.randrange(200_000, 4_000_000)), "2026-01-0%dT10:00:00Z" % run,
                              "0b7c-synthetic-boot", "6.1.0-synthetic <b>not markup</b>", "tsc" if run < 5 else "hpet"]))
rows.append("u99,acksall,failed,,,500000,,,,,2026-01-09T10:00:00Z,0b7c-synthetic-boot,6.1.0-synthetic,hpet")
with open("user-campaign/ledger.csv", "w") as f:
    f.write("# Synthetic fixture (not a measurement), written by make-user-campaign.py: a user's campaign folder, no plan.\n"
            "# Conditions acks1 (u01-u03, A > 0) and acksall (u04-u05, about a quarter of A < 0); u99 failed. The kernel\n"
            "# field holds markup, which the HTML page must show as text.\n")
    f.write("run_id,condition,status,events_file,events_sha256,send_interval_ns,steal_pct,other_run_pct,"
            "pacing_lag_p50_ns,pacing_lag_max_ns,started_at,boot_id,kernel,clocksource\n")
    f.write("\n".join(rows) + "\n")
